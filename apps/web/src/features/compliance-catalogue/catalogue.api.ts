import {
  type TComplianceCategoryInput,
  type TComplianceCategoryUpdate,
  type TObligationInput,
  type TObligationListBody,
  ZComplianceCategory,
  ZComplianceCategoryDeleted,
  ZComplianceCategoryPage,
  ZJurisdictionPage,
  ZObligation,
  ZObligationDeleted,
  ZObligationPage,
} from '@app/contract';
import { apiClient } from '../../lib/api/index.ts';

/** Calls of the operator's compliance catalogue (the LMS service, `/lms/api/admin/…`). */
export const catalogueApi = {
  categories: (pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/admin/compliance-category/all',
      query: { pageNo, sortBy: 'ADDED' },
      schema: ZComplianceCategoryPage,
      signal,
    }),
  createCategory: (body: TComplianceCategoryInput) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/compliance-category/create',
      body,
      schema: ZComplianceCategory,
    }),
  updateCategory: (body: TComplianceCategoryUpdate) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/compliance-category/update',
      body,
      schema: ZComplianceCategory,
    }),
  deleteCategory: (id: string) =>
    apiClient.request({
      service: 'lms',
      method: 'DELETE',
      path: '/admin/compliance-category/delete',
      query: { id },
      schema: ZComplianceCategoryDeleted,
    }),
  obligations: (body: TObligationListBody, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/compliance/all',
      body,
      schema: ZObligationPage,
      signal,
    }),
  createObligation: (body: TObligationInput) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/compliance/create',
      body,
      schema: ZObligation,
    }),
  updateObligation: (id: string, body: TObligationInput) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/admin/compliance/update/${id}`,
      body,
      schema: ZObligation,
    }),
  deleteObligation: (id: string) =>
    apiClient.request({
      service: 'lms',
      method: 'DELETE',
      path: `/admin/compliance/delete/${id}`,
      schema: ZObligationDeleted,
    }),
  /** Every jurisdiction, a page (20) at a time, sorted by code: the form's choices. */
  async allJurisdictions(signal?: AbortSignal) {
    const all = [];
    for (let pageNo = 0; pageNo < 50; pageNo++) {
      const page = await apiClient.request({
        service: 'lms',
        path: '/admin/jurisdiction/all',
        query: { pageNo, sortBy: 'CODE' },
        schema: ZJurisdictionPage,
        signal,
      });
      all.push(...page.content);
      if (page.last || page.content.length === 0) break;
    }
    return all;
  },
};
