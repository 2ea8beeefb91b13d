import { apiClient } from '../../lib/api/index.ts';
import { createOperatorApi } from './operator.api.ts';

/** The app's operator calls, on the app's one client. */
export const operatorApi = createOperatorApi(apiClient);
