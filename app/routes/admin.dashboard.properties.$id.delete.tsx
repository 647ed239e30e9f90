import { Form, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { deleteProperty, getProperty } from "~/models/properties.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { parseId } from "~/http/params";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { propertiesTabUrl } from "~/http/property-tab";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { PROPERTIES_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const FORM_ID = "delete-property";
const FAILED_TOAST = { title: "Error", description: PROPERTY_MESSAGES.deleteFailed, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const property = id === null ? undefined : getProperty(id);
  if (!property) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  return data({ property: { id: property.id, name: property.name, location: property.location } }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // A confirmation button posts nothing: a body that is more than that is refused.
  await readForm(request, NO_FIELDS);
  const id = parseId(params.id);
  // Its linked media stay, unlinked, for other properties or the hero carousel.
  if (id === null || !deleteProperty(id, admin.email)) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  return redirectWithToast(propertiesTabUrl(request), { title: "Success", description: PROPERTY_MESSAGES.deleted });
}

export default function DeleteProperty() {
  const { property } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const backTo = `${PROPERTIES_PATH}${search}`;
  return (
    <RouteDialog
      title="Delete Property"
      backTo={backTo}
      confirm
      footer={
        <>
          <DialogCancelLink to={backTo} />
          <Form id={FORM_ID} method="post" action={`${PROPERTIES_PATH}/${property.id}/delete${search}`} preventScrollReset />
          <DialogSubmitButton form={FORM_ID} pending={deleting} label="Delete" pendingLabel="Deleting..." tone="danger" />
        </>
      }
    >
      <p className="text-slate-700">Are you sure you want to delete this property?</p>
      <p className="mt-2 break-words font-semibold text-slate-900">
        {property.name} <span className="font-normal text-slate-600">({property.location})</span>
      </p>
      <p className="mt-3 text-sm text-slate-600">Its images stay in the media library, unlinked.</p>
    </RouteDialog>
  );
}
