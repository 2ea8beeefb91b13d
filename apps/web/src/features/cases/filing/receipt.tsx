import type { TLanguage, TReceipt } from '@app/contract';
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { textIn } from '../../common/complaint-form/cms-text.ts';
import { asDay } from './complaints-frame.tsx';

/** The receipt of a filed complaint: its reference, who handles it, and what happens next, by when, under which section. */
export function Receipt({ receipt }: { receipt: TReceipt }) {
  const { t, i18n } = useTranslation('complaintFiling');
  const language = i18n.language as TLanguage;
  return (
    <Card withBorder padding="lg" maw={720} data-testid="receipt">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('receipt.title')}
        </Title>
        <div>
          <Text size="sm" c="dimmed">
            {t('receipt.reference')}
          </Text>
          <Text fz={28} fw={700} data-testid="receipt-reference" style={{ letterSpacing: 1 }}>
            {receipt.reference}
          </Text>
        </div>
        {receipt.committeeName ? (
          <Text>
            {t('receipt.committee')}: <strong>{receipt.committeeName}</strong>
          </Text>
        ) : null}
        <Text size="sm">
          {t('receipt.filedAt')}: {formatDateTime(receipt.filedAt, i18n.language)}
        </Text>
        {receipt.assisted ? <Text size="sm">{t('receipt.assisted')}</Text> : null}
        {receipt.next.length > 0 ? (
          <>
            <Title order={2} size="h4">
              {t('receipt.next')}
            </Title>
            <List spacing="xs" data-testid="receipt-next">
              {receipt.next.map((n) => (
                <List.Item key={n.stepKey}>
                  <Text fw={600} span>
                    {textIn(n.title, language)}
                  </Text>
                  {n.dueDate ? (
                    <Text size="sm">
                      {t('receipt.by', { date: formatDate(asDay(n.dueDate), i18n.language, 'UTC') })}
                      {n.reference ? ` — ${n.reference}` : ''}
                    </Text>
                  ) : n.reference ? (
                    <Text size="sm">{n.reference}</Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('receipt.keep')}
        </Text>
        <Group>
          <Button component={Link} to={`/complaints/${receipt.caseId}`} size="md">
            {t('receipt.toCase')}
          </Button>
          <Anchor component={Link} to="/complaints">
            {t('receipt.toList')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
