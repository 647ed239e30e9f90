import { useLoaderData, useRouteError, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { DatabaseFaultPage, NotFoundPage, isDatabaseFaultAnswer } from "~/components/error-pages";
import { ApplyLink } from "~/components/property/apply-link";
import { AskAboutLink } from "~/components/property/ask-about-link";
import { ClosedHomeArticle } from "~/components/property/closed-home";
import { SaveToggle } from "~/components/property/save-toggle";
import { VisitLink } from "~/components/property/visit-link";
import { closedHomeIn, listingIn, localizedListing, type Listing } from "~/models/listing";
import { DETAILS_IMAGE_SIZES } from "~/components/property/listing-carousel";
import { PropertyDetails } from "~/components/property/property-details";
import { homePage } from "~/models/listings.server";
import { listingCostsOf, type ListingCosts } from "~/models/listing-costs";
import { checkAdmin } from "~/auth/admin-guard.server";
import { pageHead } from "~/document/seo.server";
import { propertyHead } from "./head.server";
import { useT } from "~/i18n/use-t";
import { imagePreload, noindexMeta, pageMeta, rootText } from "~/document/meta";
import { parseId } from "~/http/params";
import { PRIVATE_NO_STORE } from "~/http/no-store";
import { Icon } from "~/components/ui/icon";
import { PROPERTIES_PATH, propertyPath } from "~/paths";
import { BACK_TO_LIST_PARAM, backToListHref } from "~/utils/back-to-list";

/**
 * A home's own page: shareable, and what a visitor without JavaScript opens from a card.
 * A home off the market shows signed-in staff its page as a preview (never shared from
 * the page cache); to everyone else, its old address answers 410 when it was once public
 * (docs/product.md, "A home's life") and 404 when it never was.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const found = id === null ? undefined : await homePage(id, async () => (await checkAdmin(request)).admin !== null);
  if (!found) throw new Response("Not Found", { status: 404 });
  if (found.kind === "closed") {
    const head = await pageHead(request, { path: propertyPath(found.home.id) });
    return data({ kind: "closed" as const, home: closedHomeIn(found.home, head.language), head }, { status: 410 });
  }
  const head = await propertyHead(request, found.page);
  // In the page's language only: the page never shows the other one.
  const listing = listingIn(found.page.listing, head.language);
  const costs = listingCostsOf(found.page.facts, head.language);
  // The list the visitor came from, as the card's link named it (or every home).
  const back = backToListHref(new URL(request.url).searchParams.get(BACK_TO_LIST_PARAM));
  if (found.kind === "preview") return data({ kind: "preview" as const, listing, costs, head, back }, { headers: PRIVATE_NO_STORE });
  return data({ kind: "listed" as const, listing, costs, head, back });
}

// A preview is one staff member's page: no cache keeps it (server/shared-answer.ts).
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  if (!data) return [{ title: rootText(matches, "notfound.meta_title", "Page Not Found") }, ...noindexMeta()];
  if (data.kind === "closed") {
    const title = `${data.home.name} | ${rootText(matches, `home.closed.${data.home.status}`, "")} | ${site}`;
    // No canonical, alternates or previews: the address is no page to index any more.
    return [...pageMeta({ title, description: rootText(matches, "home.closed.similar_intro", ""), siteName: site, head: undefined }), ...noindexMeta()];
  }
  const summary = localizedListing(data.listing, data.head.language);
  const title = `${data.listing.name} | ${summary.price} | ${site}`;
  const description = `${data.listing.location}. ${summary.description}`.slice(0, 300);
  const page = [...pageMeta({ title, description, siteName: site, head: data.head }), ...imagePreload(data.listing.photos[0], DETAILS_IMAGE_SIZES)];
  return data.kind === "preview" ? [...page, ...noindexMeta()] : page;
};

export default function PropertyPage() {
  const page = useLoaderData<typeof loader>();
  if (page.kind === "closed") return <ClosedHomeArticle home={page.home} />;
  return <ListedHome listing={page.listing} costs={page.costs} back={page.back} preview={page.kind === "preview"} />;
}

function ListedHome({ listing, costs, back, preview }: { listing: Listing; costs: ListingCosts; back: string; preview: boolean }) {
  const { t } = useT();
  return (
    <article aria-labelledby="listing-title" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      {preview ? <PreviewBanner id={listing.id} /> : null}
      <a href={back} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <Icon name="chevron-left" className="h-4 w-4" />
        {t("properties.back_to_homes", "Back to all homes")}
      </a>
      <h1 id="listing-title" className="page-title mt-4">{listing.name}</h1>
      <div className="mt-6">
        <PropertyDetails listing={listing} costs={costs} eager headingLevel={2} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
        <SaveToggle id={listing.id} name={listing.name} />
        <AskAboutLink propertyId={listing.id} />
        {listing.status === "pending" ? null : <VisitLink propertyId={listing.id} />}
        {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} /> : null}
        <a href={back} className="inline-flex h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100">
          {t("properties.close", "Close")}
        </a>
      </div>
    </article>
  );
}

/** Over a home's page shown to staff while it is off the market. */
function PreviewBanner({ id }: { id: number }) {
  const { t } = useT();
  return (
    <div role="note" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-amber-500 bg-amber-50 px-4 py-3">
      <p className="font-semibold text-amber-950">{t("home.preview.banner", "Preview: not public")}</p>
      <a href={`${PROPERTIES_PATH}/${id}/edit`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
        {t("home.preview.edit", "Edit this home")}
      </a>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isDatabaseFaultAnswer(error) ? <DatabaseFaultPage error={error} /> : <NotFoundPage />;
}
