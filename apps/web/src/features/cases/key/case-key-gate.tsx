import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { caseKeyApi, useCaseKeyStatus, useUnlock } from './case-key.api.ts';

/**
 * Shows `children` only once the caller's key for confidential cases is open for this session
 * (docs/cases-security.md §3). Until then: what the key is for, and one field — the sign-in
 * password, or (for people who sign in without one) a case passphrase. The first time, the
 * recovery code is shown once, to copy or save, before the page opens.
 */
export function CaseKeyGate({ children, purpose }: { children: ReactNode; purpose: 'file' | 'read' }) {
  const status = useCaseKeyStatus();
  const [recoveryCode, setRecoveryCode] = useState<string | null>(null);
  if (status.isPending) return <Loader aria-label="…" />;
  if (recoveryCode) return <RecoveryCodeCard code={recoveryCode} onDone={() => setRecoveryCode(null)} />;
  if (status.data?.unlocked) return <>{children}</>;
  return <UnlockCard purpose={purpose} onRecoveryCode={setRecoveryCode} />;
}

function UnlockCard(props: { purpose: 'file' | 'read'; onRecoveryCode: (code: string) => void }) {
  const { t } = useTranslation('caseKey');
  const status = useCaseKeyStatus();
  const unlock = useUnlock();
  const [secret, setSecret] = useState('');
  const [mode, setMode] = useState<'unlock' | 'recover'>('unlock');
  const kind = status.data?.secretKind ?? 'PASSWORD';
  const first = status.data?.keystore === 'NONE';
  if (mode === 'recover') return <RecoverCard onDone={props.onRecoveryCode} onBack={() => setMode('unlock')} />;
  return (
    <Card withBorder padding="lg" maw={560}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!secret) return;
          unlock.mutate(secret, {
            onSuccess: (out) => {
              setSecret('');
              if (out.recoveryCode) props.onRecoveryCode(out.recoveryCode);
            },
          });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t(first ? 'gate.firstTitle' : 'gate.title')}
          </Title>
          <Text>{t(props.purpose === 'file' ? 'gate.whyFile' : 'gate.whyRead')}</Text>
          <Text size="sm" c="dimmed">
            {t('gate.how')}
          </Text>
          <PasswordInput
            label={t(kind === 'PASSWORD' ? 'gate.password' : first ? 'gate.newPassphrase' : 'gate.passphrase')}
            description={kind === 'PASSPHRASE' && first ? t('gate.passphraseRule') : undefined}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            autoComplete={kind === 'PASSWORD' ? 'current-password' : first ? 'new-password' : 'off'}
            required
            data-autofocus
          />
          {unlock.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, unlock.error)}
            </Alert>
          ) : null}
          <Group justify="space-between" wrap="wrap">
            {!first ? (
              <Anchor component="button" type="button" size="sm" onClick={() => setMode('recover')}>
                {t('gate.lost')}
              </Anchor>
            ) : (
              <span />
            )}
            <Button type="submit" loading={unlock.isPending} disabled={!secret}>
              {t(first ? 'gate.setUp' : 'gate.open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function RecoveryCodeCard({ code, onDone }: { code: string; onDone: () => void }) {
  const { t } = useTranslation('caseKey');
  const [saved, setSaved] = useState(false);
  return (
    <Card withBorder padding="lg" maw={560}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('recovery.title')}
        </Title>
        <Text>{t('recovery.why')}</Text>
        <Code block fz="lg" style={{ letterSpacing: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {code}
        </Code>
        <Group wrap="wrap">
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {t(copied ? 'recovery.copied' : 'recovery.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="light"
            onClick={() =>
              saveFile(
                new Blob([`${t('recovery.fileIntro')}\n\n${code}\n`], { type: 'text/plain;charset=utf-8' }),
                'recovery-code.txt',
              )
            }
          >
            {t('recovery.save')}
          </Button>
        </Group>
        <Checkbox checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} label={t('recovery.confirm')} />
        <Group justify="flex-end">
          <Button disabled={!saved} onClick={onDone}>
            {t('recovery.continue')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RecoverCard({ onDone, onBack }: { onDone: (code: string) => void; onBack: () => void }) {
  const { t } = useTranslation('caseKey');
  const status = useCaseKeyStatus();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState('');
  const recover = useMutation({
    mutationFn: () => caseKeyApi.recover(code, secret),
    onSuccess: (out) => {
      void qc.invalidateQueries({ queryKey: ['session', 'case-key'] });
      onDone(out.recoveryCode);
    },
  });
  const kind = status.data?.secretKind ?? 'PASSWORD';
  return (
    <Card withBorder padding="lg" maw={560}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (code && secret) recover.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('recover.title')}
          </Title>
          <Text size="sm">{t(kind === 'PASSWORD' ? 'recover.whyPassword' : 'recover.whyPassphrase')}</Text>
          <PasswordInput
            label={t('recover.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label={t(kind === 'PASSWORD' ? 'gate.password' : 'gate.newPassphrase')}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            required
          />
          {recover.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, recover.error)}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="subtle" onClick={onBack}>
              {t('recover.back')}
            </Button>
            <Button type="submit" loading={recover.isPending} disabled={!code || !secret}>
              {t('recover.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
