/** The vendor portal's toasts and texts. */
export const VENDOR_MESSAGES = {
  /** The vendor page's lost session (it needs one): this toast, then sign-in. */
  accessRequired: { title: 'Unauthorized', description: 'Vendor access requires authentication.' },
  submitted: {
    title: 'Application Submitted',
    description: 'A Director will review your vendor application; its status shows below.',
  },
  loginRequired: {
    title: 'Authentication Required',
    description: 'Please log in to submit vendor applications.',
  },
  failed: { title: 'Error', description: 'Failed to submit vendor application.' },
  applyFirst: {
    title: 'Vendor approval required',
    description: 'Apply as a vendor first: products can be added once your application is approved.',
  },
  productAdded: {
    title: 'Product Added',
    description: 'It is pending approval and appears in the marketplace once a Director approves it.',
  },
  productFailed: { title: 'Error', description: 'Failed to add the product.' },
  reviewFailed: { title: 'Error', description: 'The review could not be saved.' },
} as const;
