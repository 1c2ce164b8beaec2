/** TanStack Query keys of the public certificate pages, in one place. */
export const certificateKeys = {
  verification: (certificateId: string) => ['certificate-verification', certificateId] as const,
  sample: () => ['sample-certificate'] as const,
};
