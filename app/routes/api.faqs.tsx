import type { LoaderFunctionArgs } from "react-router";
import { faqJson, listActiveFaqs } from "~/models/faqs.server";
import { publicJson } from "~/http/public-json.server";
import { readOnlyAction } from "~/http/api.server";

/** GET /api/faqs: the active FAQs by sortOrder. */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicJson(request, listActiveFaqs().map(faqJson));
}

export { readOnlyAction as action };
