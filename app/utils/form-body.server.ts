/**
 * The fields of a form post. A body that is not a readable form (another content type,
 * broken multipart, cut off) is read as an empty form: the form's schema then refuses it
 * field by field and the page shows why, where request.formData() would throw and the
 * visitor would get the error page (a 500).
 */
export async function formFieldsOf(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}
