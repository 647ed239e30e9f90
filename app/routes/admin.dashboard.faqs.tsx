import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { FaqList, FaqsPanel } from "~/components/admin/faq-list";
import { listAllFaqs } from "~/models/faqs.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const faqs = listAllFaqs().map(({ id, question, answer, sortOrder, isActive, createdAt, updatedAt }) => ({
    id,
    question,
    answer,
    sortOrder,
    isActive,
    createdAt,
    updatedAt,
  }));
  return json({ faqs }, { headers: NO_STORE });
}

/** The FAQs tab: every FAQ, active or not, by sort order; add, edit and delete are child routes. */
export default function FaqsTab() {
  const { faqs } = useLoaderData<typeof loader>();
  return (
    <FaqsPanel>
      <FaqList faqs={faqs} />
      <Outlet />
    </FaqsPanel>
  );
}
