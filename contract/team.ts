/** One external link of a personnel dossier (spec section 3); all are shown as verified. */
export interface TeamLink {
  label: string;
  url: string;
  type: string;
}
