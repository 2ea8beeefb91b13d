import {
  BULK_INVITE_FIELDS,
  type TBulkFileMappingsResponse,
  type TBulkInviteField,
  type TBulkInviteMapping,
} from '@app/contract';
import { Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { columnLetter } from './column-guess.ts';

const REQUIRED: readonly TBulkInviteField[] = ['firstName'];

/** One select per invitation field, choosing the file's column that holds it; and the file's first rows. */
export function BulkMapping({
  columns,
  mapping,
  onChange,
}: {
  columns: TBulkFileMappingsResponse;
  mapping: TBulkInviteMapping;
  onChange: (mapping: TBulkInviteMapping) => void;
}) {
  const { t } = useTranslation('invitations');
  const options = columns.columns.map((c) => ({
    value: String(c.columnNumber),
    label: `${columnLetter(c.columnNumber)} · ${c.header || t('bulkInvite.untitledColumn')}`,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {BULK_INVITE_FIELDS.map((field) => (
          <Select
            key={field}
            label={t(`bulkInvite.fields.${field}`)}
            placeholder={t('bulkInvite.notInFile')}
            data={options}
            value={mapping[field] ? String(mapping[field]) : null}
            onChange={(v) => onChange({ ...mapping, [field]: v ? Number(v) : undefined })}
            clearable
            withAsterisk={REQUIRED.includes(field)}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      {columns.sampleRows.length ? (
        <div>
          <Text fw={600} size="sm" mb={4} id="bulk-sample-heading">
            {t('bulkInvite.sampleHeading')}
          </Text>
          <Table.ScrollContainer type="native" tabIndex={0} minWidth={320}>
            <Table striped withTableBorder fz="xs" aria-labelledby="bulk-sample-heading">
              <Table.Thead>
                <Table.Tr>
                  {columns.columns.map((c) => (
                    <Table.Th key={c.columnNumber} style={{ whiteSpace: 'nowrap' }}>
                      {columnLetter(c.columnNumber)} · {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {columns.sampleRows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but their position
                  <Table.Tr key={i}>
                    {row.map((cell, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                      <Table.Td key={j} style={{ whiteSpace: 'nowrap' }}>
                        {cell}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      ) : null}
    </>
  );
}
