import { Outlet, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { FaqList, FaqsPanel } from "~/components/admin/faq-list";
import { SpanishFilter } from "~/components/admin/spanish-status";
import { confirmFaqSpanish, faqSpanishCard, faqSpanishCounts, listAllFaqs } from "~/models/faqs.server";
import { readSpanishFilter } from "~/models/spanish-status";
import { requireAdmin } from "~/auth/admin-guard.server";
import { spanishConfirmedAnswer } from "~/http/spanish-confirmed.server";
import { hrefWith } from "~/utils/paging";
import { FAQS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const spanish = readSpanishFilter(new URL(request.url).searchParams.get("spanish"));
  const faqs = listAllFaqs(spanish).map((faq) => ({
    id: faq.id,
    question: faq.question,
    answer: faq.answer,
    sortOrder: faq.sortOrder,
    isActive: faq.isActive,
    ...faqSpanishCard(faq),
    // As text, as the page has always had them.
    createdAt: faq.createdAt.toISOString(),
    updatedAt: faq.updatedAt.toISOString(),
  }));
  return data({ faqs, spanish, counts: faqSpanishCounts() }, { headers: NO_STORE });
}

/** A card's "Spanish is still correct": back to the same filter, with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = hrefWith(FAQS_PATH, { spanish: readSpanishFilter(new URL(request.url).searchParams.get("spanish")) });
  return spanishConfirmedAnswer(request, back, (id) => confirmFaqSpanish(id, admin.email));
}

/**
 * The FAQs tab: every FAQ, active or not, by sort order, or those whose Spanish is
 * missing or out of date (?spanish=); add, edit and delete are child routes.
 */
export default function FaqsTab() {
  const { faqs, spanish, counts } = useLoaderData<typeof loader>();
  return (
    <FaqsPanel toolbar={<SpanishFilter current={spanish} counts={counts} hrefFor={(filter) => hrefWith(FAQS_PATH, { spanish: filter })} />}>
      <FaqList faqs={faqs} spanish={spanish} />
      <Outlet />
    </FaqsPanel>
  );
}
