import type { TCmsText, TWorkflowDefinition } from '@app/contract';
import { CANADA_CLC_CLOCKS as C } from '../../../core/statutory-clocks.ts';
import { fromClock, onRequest, stepOf } from './build.ts';
import { defaultForm, pick } from './texts.ts';

/*
 * "Canada harassment and violence resolution" (the Canada Labour Code Part II and the Work Place
 * Harassment and Violence Prevention Regulations, SOR/2020-130, ../shared/LEGAL.md), written for
 * this product in English and French. Every deadline is a clock of core/statutory-clocks.ts and
 * cites its section; a witness may give notice anonymously (s.15(4)).
 */

const LANGS = ['en', 'fr'] as const;
const t = (en: string, fr: string) => ({ en, fr });
const p = (x: ReturnType<typeof t>): TCmsText => pick(x, LANGS);
const step = (s: Parameters<typeof stepOf>[1]) => stepOf(LANGS, s);
const button = (key: string, label: ReturnType<typeof t>, outcome: string) => ({
  key,
  settings: { type: 'BUTTON' as const, label: p(label), outcome, confirm: true },
});

export const CA_NAME = t(
  'Canada harassment and violence resolution',
  'Règlement des incidents de harcèlement et de violence (Canada)',
);
export const CA_SUMMARY = t(
  'The resolution process of the Work Place Harassment and Violence Prevention Regulations (SOR/2020-130), each deadline citing its section.',
  'Le processus de règlement du Règlement sur la prévention du harcèlement et de la violence dans le lieu de travail (DORS/2020-130); chaque délai cite son article.',
);

export const CA_RESOLUTION: TWorkflowDefinition = {
  format: 1,
  name: CA_NAME.en,
  description: p(CA_SUMMARY),
  jurisdiction: 'CA_SOR_2020_130',
  template: 'CA_RESOLUTION',
  // s.15(1): the principal party or a witness gives notice; s.15(4): only a witness anonymously.
  filers: ['EMPLOYEE', 'FORMER_EMPLOYEE', 'WITNESS'],
  anonymousWitnesses: true,
  branchId: null,
  handler: { kind: 'UNIT_COMMITTEE' },
  contact: null,
  languages: [...LANGS],
  fallbacks: {},
  form: defaultForm(LANGS),
  stages: [
    {
      key: 'NOTICE',
      title: p(t('Notice of an occurrence', 'Avis d’incident')),
      steps: [
        step({
          key: 'NOTICE_RECEIVED',
          type: 'ACTION',
          performer: 'DESIGNATED_RECIPIENT',
          title: t('Record the notice', 'Consigner l’avis'),
          description: t(
            'Written or oral, from the principal party or a witness; only a witness may stay anonymous (s.15).',
            'Écrit ou verbal, de la partie principale ou d’un témoin; seul un témoin peut rester anonyme (s.15).',
          ),
          actions: [button('NOTICE_RECORDED', t('Notice recorded', 'Avis consigné'), 'NOTICE_RECORDED')],
        }),
        step({
          key: 'FIRST_CONTACT',
          type: 'ACTION',
          performer: 'DESIGNATED_RECIPIENT',
          title: t('Contact the principal party', 'Communiquer avec la partie principale'),
          description: t('Within 7 days of the notice (s.20).', 'Dans les 7 jours suivant l’avis (s.20).'),
          clock: fromClock(C.firstContact, 'FILED'),
          actions: [
            {
              key: 'FIRST_CONTACT_MESSAGE',
              settings: {
                type: 'NOTIFY',
                recipients: ['COMPLAINANT'],
                message: p(
                  t(
                    'We received your notice. We will contact you about the next steps; open the link to see them.',
                    'Nous avons reçu votre avis. Nous communiquerons avec vous au sujet des prochaines étapes; ouvrez le lien pour les voir.',
                  ),
                ),
              },
            },
          ],
        }),
      ],
    },
    {
      key: 'RESOLUTION',
      title: p(t('Resolution', 'Règlement')),
      steps: [
        step({
          key: 'NEGOTIATED_RESOLUTION',
          type: 'MEETING',
          performer: 'DESIGNATED_RECIPIENT',
          requires: ['FIRST_CONTACT'],
          title: t('Negotiated resolution', 'Règlement négocié'),
          description: t(
            'Begins no later than 45 days after the notice (s.23(1)).',
            'Commence au plus tard 45 jours après l’avis (s.23(1)).',
          ),
          clock: fromClock(C.negotiatedResolution, 'FILED'),
          actions: [button('RESOLVED', t('Resolved', 'Réglé'), 'RESOLVED')],
        }),
        step({
          key: 'CONCILIATION',
          type: 'MEETING',
          performer: 'DESIGNATED_RECIPIENT',
          mandatory: false,
          start: { kind: 'ON_REQUEST', by: 'BOTH_PARTIES', inWriting: false },
          law: onRequest('CA.SOR2020130.S24', 's.24'),
          requires: ['FIRST_CONTACT'],
          title: t('Conciliation', 'Conciliation'),
          description: t('Only if both parties agree (s.24).', 'Seulement si les deux parties y consentent (s.24).'),
          actions: [
            button('SETTLED_BY_CONCILIATION', t('Resolved by conciliation', 'Réglé par conciliation'), 'SETTLED'),
          ],
        }),
        step({
          key: 'INVESTIGATION',
          type: 'ACTION',
          performer: 'DESIGNATED_RECIPIENT',
          mandatory: false,
          start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: false },
          law: onRequest('CA.SOR2020130.S25_1', 's.25(1)'),
          requires: ['FIRST_CONTACT'],
          title: t('Investigation', 'Enquête'),
          description: t(
            "At the principal party's request; the investigator is chosen jointly (s.24, s.25(1), s.27).",
            'À la demande de la partie principale; l’enquêteur est choisi d’un commun accord (s.24, s.25(1), s.27).',
          ),
          actions: [
            {
              key: 'INVESTIGATOR_REPORT',
              settings: {
                type: 'UPLOAD_RESOURCE',
                uploader: 'COMMITTEE',
                required: true,
                label: p(t("Investigator's report", 'Rapport de l’enquêteur')),
              },
            },
          ],
        }),
      ],
    },
    {
      key: 'CLOSURE',
      title: p(t('Follow-up and closing', 'Suivi et clôture')),
      steps: [
        step({
          key: 'STATUS_UPDATE',
          type: 'ACTION',
          performer: 'DESIGNATED_RECIPIENT',
          title: t('Monthly status update', 'Suivi mensuel'),
          description: t(
            'Every month, to the principal and responding parties (s.34).',
            'Chaque mois, aux parties principale et intimée (s.34).',
          ),
          clock: fromClock(C.statusUpdate, 'FILED', null, true),
          actions: [
            {
              key: 'STATUS_UPDATE_MESSAGE',
              settings: {
                type: 'NOTIFY',
                recipients: ['COMPLAINANT', 'RESPONDENT'],
                message: p(
                  t(
                    'Here is the monthly update on the resolution process. Open the link to see where it stands.',
                    'Voici le suivi mensuel du processus de règlement. Ouvrez le lien pour voir où il en est.',
                  ),
                ),
              },
            },
          ],
        }),
        step({
          key: 'COMPLETION',
          type: 'ACTION',
          performer: 'DESIGNATED_RECIPIENT',
          title: t('Complete the resolution process', 'Terminer le processus de règlement'),
          description: t(
            'Within one year of the notice (s.33(1)). If the limit is missed, record the reason (s.35(1)(f)).',
            'Dans l’année suivant l’avis (s.33(1)). Si le délai n’est pas respecté, consigner la raison (s.35(1)(f)).',
          ),
          clock: fromClock(C.completion, 'FILED'),
          reasonIfLate: true,
          actions: [button('PROCESS_COMPLETED', t('Process completed', 'Processus terminé'), 'CLOSED')],
        }),
      ],
    },
  ],
};
