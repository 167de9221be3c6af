/** What the server-side services need to know about their surroundings. Read from the environment by apps/server. */
export interface ServicesConfig {
  /** Folder where processed images are stored. */
  uploadDir: string;
  /** Days a sign-in session lasts without use. */
  sessionTtlDays: number;
  login: {
    /** Failed sign-ins allowed per account within the window before 429. */
    maxFailuresPerAccount: number;
    /** Failed sign-ins allowed per IP address within the window before 429. */
    maxFailuresPerIp: number;
    windowMinutes: number;
  };
  /** development shows error details; production never does. */
  nodeEnv: 'development' | 'production' | 'test';
  /** Paystack secret key; without it payments go through the built-in sandbox. */
  paystackSecretKey?: string | undefined;
}

export const defaultServicesConfig: ServicesConfig = {
  uploadDir: './data/uploads',
  sessionTtlDays: 30,
  login: { maxFailuresPerAccount: 10, maxFailuresPerIp: 200, windowMinutes: 15 },
  nodeEnv: 'production',
};
