import {
  type TAttributeCreate,
  type TAttributeSettings,
  type TAttributeUpdate,
  type TCmsText,
  ZUploadTicket,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';
import { putFile } from '../../../lib/api/put-file.ts';
import { resolveBaseUrls } from '../../../lib/api/request-helpers.ts';
import { cmsCall } from '../builder.shared.ts';

/** The complaint form's calls (CMS service); each answers the whole builder. */
export const formApi = {
  createComponent: (body: { workflowId: string; title: TCmsText; position?: number }) =>
    cmsCall('POST', '/component/create', body),
  updateComponent: (id: string, body: { title?: TCmsText; position?: number }) =>
    cmsCall('POST', `/component/update/${encodeURIComponent(id)}`, body),
  deleteComponent: (id: string) => cmsCall('DELETE', `/component/delete/${encodeURIComponent(id)}`),
  createAttribute: (body: TAttributeCreate) => cmsCall('POST', '/attribute/create', body),
  updateAttribute: (id: string, body: TAttributeUpdate) =>
    cmsCall('POST', `/attribute/update/${encodeURIComponent(id)}`, body),
  deleteAttribute: (id: string) => cmsCall('DELETE', `/attribute/delete/${encodeURIComponent(id)}`),
  orderAttributes: (body: { workflowId: string; componentId: string; attributeIds: string[] }) =>
    cmsCall('POST', '/attribute/order', body),
  attributeSettings: (attributeId: string, settings: TAttributeSettings) =>
    cmsCall('POST', `/attribute-setting/${encodeURIComponent(attributeId)}`, settings),
};

/**
 * Attaches a RESOURCE field's document: asks for a ticket, sends the bytes (to the bucket's URL, or
 * through the API on local disk), then confirms (the server checks the file and attaches it).
 * Answers the builder.
 */
export async function uploadResource(
  attributeId: string,
  file: File,
  onProgress: (fraction: number) => void = () => {},
) {
  const id = encodeURIComponent(attributeId);
  const contentType = file.type || 'application/pdf';
  const ticket = await apiClient.request({
    service: 'cms',
    method: 'POST',
    path: `/attribute/generate-resource-upload-url/${id}`,
    body: { fileName: file.name, contentType, size: file.size },
    schema: ZUploadTicket,
  });
  const cms = resolveBaseUrls(import.meta.env).cms;
  const viaApi = ticket.uploadUrl === null;
  await putFile(
    ticket.uploadUrl ?? `${cms}/attribute/resource-upload/${ticket.uploadId}`,
    file,
    ticket.contentType,
    viaApi,
    onProgress,
  );
  return cmsCall('POST', `/attribute/confirm-resource-upload/${id}`, { uploadId: ticket.uploadId });
}
