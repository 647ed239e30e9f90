import { Form, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { mediaForDialog } from "~/http/media-dialog.server";
import { DialogCancelLink, RouteDialog } from "~/components/admin/route-dialog";
import { SearchForm } from "~/components/admin/search-form";
import { buttonState } from "~/components/ui/control-styles";
import { linkMediaToProperty } from "~/models/media-links.server";
import { propertiesMatchingName } from "~/models/media.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { LINK_MATCH_LIMIT, linkMediaSchema, MEDIA_MESSAGES, MEDIA_QUERY_MAX_LENGTH, mediaTabSearch, mediaTabUrl } from "~/models/media-form";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { MEDIA_LINK_FORM } from "~/http/form-shapes.server";
import { MEDIA_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * Link to property: a search by property name (`?property=`, beside the tab's own `q`
 * and `page`, which stay for the list behind) listing at most LINK_MATCH_LIMIT
 * matches, each with its Link button. Thousands of properties never load at once.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await mediaForDialog(request, params);
  const query = (new URL(request.url).searchParams.get("property") ?? "").trim().slice(0, MEDIA_QUERY_MAX_LENGTH);
  const found = propertiesMatchingName(query, LINK_MATCH_LIMIT + 1);
  return data(
    {
      item: { id: item.id, originalName: item.originalName, propertyId: item.propertyId, propertyName: item.propertyName },
      query,
      matches: found.slice(0, LINK_MATCH_LIMIT),
      more: found.length > LINK_MATCH_LIMIT,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = mediaTabUrl(new URL(request.url).searchParams);
  const id = parseId(params.id);
  const parsed = linkMediaSchema.safeParse(Object.fromEntries(await readForm(request, MEDIA_LINK_FORM)));
  const outcome = id === null || !parsed.success ? null : linkMediaToProperty(parsed.data.propertyId, id, admin.email);
  if (outcome?.kind !== "linked") {
    return redirectWithToast(back, { title: "Error", description: MEDIA_MESSAGES.linkFailed, variant: "destructive" });
  }
  return redirectWithToast(back, { title: "Success", description: MEDIA_MESSAGES.linked });
}

export default function LinkMediaToProperty() {
  const { item, query, matches, more } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const tabSearch = mediaTabSearch(new URLSearchParams(location.search));
  const backTo = mediaTabUrl(new URLSearchParams(location.search));
  const here = `${MEDIA_PATH}/${item.id}/link`;
  const linkingTo = navigation.state === "submitting" && navigation.formMethod === "POST" ? navigation.formData?.get("propertyId") : null;

  return (
    <RouteDialog title="Link to Property" backTo={backTo} footer={<DialogCancelLink to={backTo} />}>
      <p className="break-all text-slate-700">
        Choose the property to show <span className="font-semibold">{item.originalName}</span> on.
      </p>
      <p className="mt-1 text-sm text-slate-600">{item.propertyName ? `Linked to ${item.propertyName}` : "Not linked"}</p>
      <SearchForm
        action={here}
        id="link-property-search"
        name="property"
        label="Search properties by name"
        placeholder="Search properties by name"
        value={query}
        keep={Object.fromEntries(new URLSearchParams(tabSearch))}
        className="mt-4"
      />
      {matches.length === 0 ? (
        <p className="mt-4 text-slate-600">{query ? "No properties match your search" : "No properties yet"}</p>
      ) : (
        <ul aria-label="Properties" className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
          {matches.map((property) => (
            <li key={property.id} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-slate-900">
                  {property.name}
                  {property.isActive ? null : <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Inactive</span>}
                </p>
                <p className="break-words text-sm text-slate-600">{property.location}</p>
              </div>
              {property.id === item.propertyId ? (
                <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">Linked</span>
              ) : (
                <Form method="post" action={`${here}${tabSearch}`} preventScrollReset>
                  <input type="hidden" name="propertyId" value={property.id} />
                  <button
                    type="submit"
                    disabled={linkingTo != null}
                    aria-busy={linkingTo === String(property.id) || undefined}
                    className={`inline-flex h-9 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 ${buttonState(linkingTo === String(property.id))}`}
                  >
                    {/* The visible word starts the accessible name (WCAG 2.5.3), busy or not. */}
                    {linkingTo === String(property.id) ? "Linking..." : "Link"}
                    <span className="sr-only"> to {property.name}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {more ? <p className="mt-3 text-sm text-slate-600">Showing the first {LINK_MATCH_LIMIT} matches. Type more of the name to narrow the list.</p> : null}
    </RouteDialog>
  );
}
