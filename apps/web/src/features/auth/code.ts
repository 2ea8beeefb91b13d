import { ZOtp } from '@app/contract';

/** The code as the server wants it (the contract's ZOtp: spaces dropped), or null when it is not 6 digits. */
export function cleanCode(value: string): string | null {
  const result = ZOtp.safeParse(value);
  return result.success ? result.data : null;
}
