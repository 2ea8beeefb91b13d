import { CERTIFICATE_CODE_PATTERN } from '@app/contract';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { AuthLayout } from '../../common/auth-layout.tsx';
import { useVerifyCertificate } from './certificates.queries.ts';

/**
 * `/verify` and `/verify/:code`: the public check of a certificate's verification code, on any host
 * and without signing in. It shows what the certificate says — name, course, date — and nothing else.
 */
export function VerifyCertificatePage() {
  const { t, i18n } = useTranslation('certificates');
  const { code: param } = useParams();
  const code = param ? param.trim().toUpperCase() : null;
  const wellFormed = code !== null && CERTIFICATE_CODE_PATTERN.test(code);
  const result = useVerifyCertificate(wellFormed ? code : null);
  usePageTitle(t('pageTitle'));

  const notFound = result.error instanceof ApiError && result.error.status === 404;

  return (
    <AuthLayout width={560}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('heading')}
        </Title>
        {code !== null && (
          <div aria-live="polite">
            {!wellFormed ? (
              <Alert color="orange" variant="light" title={t('malformedTitle')}>
                {t('malformedBody')}
              </Alert>
            ) : result.isPending ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{t('checking')}</Text>
              </Group>
            ) : result.data ? (
              <Alert color="green" variant="light" title={t('validTitle')} data-testid="certificate-valid">
                <Text inherit style={{ overflowWrap: 'anywhere' }}>
                  {t('validBody', {
                    name: result.data.learnerName,
                    course: result.data.courseTitle,
                    // The day the certificate prints: the issuing workspace's, not this browser's.
                    date: formatDate(result.data.completedOn, i18n.language),
                    organisation: result.data.issuedBy,
                  })}
                </Text>
              </Alert>
            ) : notFound ? (
              <Alert color="red" variant="light" title={t('notFoundTitle')} data-testid="certificate-not-found">
                {t('notFoundBody', { code })}
              </Alert>
            ) : (
              <Alert color="red" variant="light" title={t('errorTitle')}>
                <Stack gap="xs" align="flex-start">
                  <Text inherit>{t('errorBody')}</Text>
                  <Button size="xs" variant="default" onClick={() => void result.refetch()}>
                    {t('retry')}
                  </Button>
                </Stack>
              </Alert>
            )}
          </div>
        )}
        <CodeForm initial={code ?? ''} />
      </Stack>
    </AuthLayout>
  );
}

/** Type a code (as printed on the certificate) and check it. */
function CodeForm({ initial }: { initial: string }) {
  const { t } = useTranslation('certificates');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim().toUpperCase();
    if (!CERTIFICATE_CODE_PATTERN.test(typed)) {
      setError(t('codeFormat'));
      return;
    }
    setError(null);
    void navigate(`/verify/${typed}`);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        <TextInput
          label={t('codeLabel')}
          description={t('codeHint')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          size="md"
          styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
        />
        <Button type="submit" size="md">
          {t('check')}
        </Button>
      </Stack>
    </form>
  );
}
