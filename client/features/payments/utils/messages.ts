/** The payments page's texts. */
export const PAYMENT_MESSAGES = {
  noPayments: 'No Payment History',
} as const;
