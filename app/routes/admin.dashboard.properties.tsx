import { Link, Outlet, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Pager } from "~/components/admin/pager";
import { SearchForm } from "~/components/admin/search-form";
import { TabActionLink, TabPanel } from "~/components/admin/tab-panel";
import { SafeImage } from "~/components/ui/safe-image";
import { SpanishBadge, SpanishFilter, SpanishStillCorrectButton } from "~/components/admin/spanish-status";
import { confirmPropertySpanish, propertiesPage, propertySpanishCounts, propertySpanishCard } from "~/models/properties.server";
import { noneWithSpanish, readSpanishFilter } from "~/models/spanish-status";
import { spanishConfirmedAnswer } from "~/http/spanish-confirmed.server";
import { propertiesTabUrl } from "~/http/property-tab";
import { requireAdmin } from "~/auth/admin-guard.server";
import { hrefWith } from "~/utils/paging";
import { parseId } from "~/http/params";
import { PROPERTIES_PATH, propertyPath } from "~/paths";
import { NO_STORE } from "~/http/no-store";
import { STATUS_LABELS } from "~/components/admin/home-fact-labels";
import { FACTS_TO_COMPLETE } from "~/models/home-facts";

/**
 * The Properties tab: every property, active or not, newest first, 24 a page, searched
 * by name or location, or only those whose Spanish is missing or out of date, or whose
 * facts are incomplete. The search, the filters and the page are in the URL (?q=,
 * ?spanish=, ?facts=incomplete, ?page=), and the
 * dialogs (Add, Edit, Images, Delete) are child routes that keep them, so the list
 * behind a dialog stays where the admin was.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const spanish = readSpanishFilter(params.get("spanish"));
  // ?facts=incomplete: the homes the Overview lists as lacking facts.
  const facts = params.get("facts") === FACTS_TO_COMPLETE ? FACTS_TO_COMPLETE : null;
  const result = propertiesPage({ q, spanish, factsToComplete: facts !== null, page: parseId(params.get("page")) ?? 1 });
  const cards = result.properties.map((property) => ({
    id: property.id,
    name: property.name,
    location: property.location,
    price: property.price,
    beds: property.beds,
    baths: property.baths,
    sqft: property.sqft,
    imageUrl: property.imageUrl,
    isActive: property.isActive,
    status: property.status,
    ...propertySpanishCard(property),
  }));
  // Unfiltered, the page already counted every home of the search.
  const counts = propertySpanishCounts(q, spanish ? undefined : result.total);
  return data({ q, spanish, facts, counts, cards, total: result.total, page: result.page, pageCount: result.pageCount }, { headers: NO_STORE });
}

/** A card's "Spanish is still correct": back to the same search, filter and page, with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return spanishConfirmedAnswer(request, propertiesTabUrl(request), (id) => confirmPropertySpanish(id, admin.email));
}

// Each card's dialogs; the accessible name adds the property's name.
const CARD_ACTIONS = [
  { path: "edit", label: "Edit", name: "Edit", tone: "border-slate-300 text-slate-700 hover:bg-slate-100" },
  { path: "media", label: "Images", name: "Images of", tone: "border-slate-300 text-slate-700 hover:bg-slate-100" },
  { path: "delete", label: "Delete", name: "Delete", tone: "border-red-300 text-red-700 hover:bg-red-50" },
] as const;

export default function PropertiesTab() {
  const { q, spanish, facts, counts, cards, total, page, pageCount } = useLoaderData<typeof loader>();
  // Dialogs open over this page of this search and filter, and go back to it.
  const search = hrefWith("", { q, spanish, facts, page });
  const noun = total === 1 ? "property" : "properties";
  return (
    <TabPanel
      id="properties-title"
      title="Property Management"
      description="Manage property listings, their images and whether they are listed"
      actions={
        <TabActionLink to={`${PROPERTIES_PATH}/new${search}`}>Add Property</TabActionLink>
      }
      toolbar={
        <>
          <SearchForm
            action={PROPERTIES_PATH}
            id="property-search"
            label="Search properties"
            placeholder="Search by name or location"
            value={q}
            keep={spanish || facts ? { ...(spanish ? { spanish } : {}), ...(facts ? { facts } : {}) } : undefined}
          />
          <SpanishFilter current={spanish} counts={counts} hrefFor={(filter) => hrefWith(PROPERTIES_PATH, { q, spanish: filter, facts })} />
          {facts ? (
            <p className="mt-3 text-sm text-slate-700">
              {"Only homes whose facts are incomplete. "}
              <Link to={hrefWith(PROPERTIES_PATH, { q, spanish })} className="text-brand-700 underline hover:text-brand-800">
                Show every home
              </Link>
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">{q ? `${total} ${noun} match “${q}”` : `${total} ${noun}`}</p>
        </>
      }
    >
      {cards.length === 0 ? (
        <p className="p-5 text-slate-600">
          {q
            ? "No properties match your search"
            : spanish
              ? noneWithSpanish("properties", spanish)
              : facts
                ? "Every home has its facts complete."
                : "No properties yet. Add the first property to get started."}
        </p>
      ) : (
        <ul aria-label="Properties" className="grid gap-5 p-5 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <li key={card.id} className="flex">
              <article aria-labelledby={`property-${card.id}-name`} className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
                <div className="relative aspect-[3/2] bg-slate-100">
                  <SafeImage
                    src={card.imageUrl}
                    alt=""
                    width={480}
                    height={320}
                    loading="lazy"
                    decoding="async"
                    sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
                    className="h-full w-full object-cover"
                  />
                  <span
                    className={`absolute right-3 top-3 rounded-full px-2.5 py-0.5 text-xs font-semibold ${card.isActive ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}
                  >
                    {STATUS_LABELS[card.status]}
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-4">
                  <h3 id={`property-${card.id}-name`} className="break-words font-semibold text-brand-900">
                    {card.name}
                  </h3>
                  <p className="mt-1 break-words text-sm text-slate-600">{card.location}</p>
                  <p className="mt-2 font-semibold text-slate-900">{card.price}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    {card.beds} beds · {card.baths} baths · {card.sqft} sqft
                  </p>
                  {card.spanishStatus === "current" ? null : (
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      <SpanishBadge status={card.spanishStatus} />
                      {card.spanishStatus === "outdated" ? (
                        <SpanishStillCorrectButton action={`${PROPERTIES_PATH}${search}`} id={card.id} name={card.name} changes={card.spanishChanges} />
                      ) : null}
                    </div>
                  )}
                  <div className="mt-4 flex flex-wrap gap-2">
                    {CARD_ACTIONS.map((action) => (
                      <Link
                        key={action.path}
                        to={`${PROPERTIES_PATH}/${card.id}/${action.path}${search}`}
                        preventScrollReset
                        aria-label={`${action.name} ${card.name}`}
                        className={`inline-flex h-10 flex-1 items-center justify-center rounded-md border px-3 text-sm font-semibold ${action.tone}`}
                      >
                        {action.label}
                      </Link>
                    ))}
                  </div>
                  {/* A home off the market opens as a preview for staff (and 404 or 410 for the public). */}
                  <a href={propertyPath(card.id)} className="mt-3 inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline hover:text-brand-800">
                    {card.isActive ? "View on the site" : "Preview the page"}
                    <span className="sr-only">{`: ${card.name}`}</span>
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Property pages" page={page} pageCount={pageCount} hrefFor={(n) => hrefWith(PROPERTIES_PATH, { q, spanish, facts, page: n })} />
      <Outlet />
    </TabPanel>
  );
}
