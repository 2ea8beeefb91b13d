import {
  type TAttributeCreate,
  type TAttributeSettings,
  type TAttributeUpdate,
  type TCmsText,
  ZAttributeResourceUploadTicket,
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
 * Attaches a RESOURCE field's document (a PDF), as cms-core's routes take it: asks where to put the
 * bytes (`generate-resource-upload-url`: a presigned URL on S3, or this API's own
 * `/cms/api/attribute/upload-resource/{id}?key=…` on local disk), sends them, then confirms with the
 * storage key (the server checks the file by content and attaches it with its SHA-256). Answers the builder.
 */
export async function uploadResource(
  attributeId: string,
  file: File,
  onProgress: (fraction: number) => void = () => {},
) {
  const id = encodeURIComponent(attributeId);
  const ticket = await apiClient.request({
    service: 'cms',
    method: 'POST',
    path: `/attribute/generate-resource-upload-url/${id}`,
    body: { fileName: file.name, contentType: 'application/pdf', size: file.size },
    schema: ZAttributeResourceUploadTicket,
  });
  // A path of this API (local disk) is sent with the session; a presigned URL as it is.
  const viaApi = ticket.uploadUrl.startsWith('/');
  const url = viaApi
    ? `${resolveBaseUrls(import.meta.env).cms}${ticket.uploadUrl.replace(/^\/cms\/api/, '')}`
    : ticket.uploadUrl;
  await putFile(url, file, ticket.contentType, viaApi, onProgress);
  return cmsCall('POST', `/attribute/confirm-resource-upload/${id}`, { key: ticket.key, fileName: file.name });
}
