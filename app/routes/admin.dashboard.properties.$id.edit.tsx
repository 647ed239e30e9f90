import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PropertyFormDialog } from "~/components/admin/property-form";
import { getProperty, propertyFormValues, updateProperty } from "~/models/properties.server";
import { recentMediaImages } from "~/models/media.server";
import { readPropertyFormPost } from "~/http/property-form-post.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { parseId } from "~/http/params";
import type { PropertyActionData } from "~/models/property-form";
import { IMAGE_CHOICES } from "~/http/property-image-form.server";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { redirectWithToast } from "~/http/toast.server";
import { propertiesTabUrl } from "~/http/property-tab";
import { PROPERTIES_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const FAILED_TOAST = { title: "Error", description: PROPERTY_MESSAGES.updateFailed, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const property = id === null ? undefined : getProperty(id);
  if (!property) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  return json({ property: propertyFormValues(property), imageChoices: recentMediaImages(IMAGE_CHOICES) }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const current = id === null ? undefined : getProperty(id);
  if (id === null || !current) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  const post = await readPropertyFormPost(request, admin.email, PROPERTY_MESSAGES.updateFailed, current.imageUrl);
  if ("answer" in post) return post.answer;
  if (!updateProperty(id, post.property, admin.email)) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  return redirectWithToast(propertiesTabUrl(request), { title: "Success", description: PROPERTY_MESSAGES.updated });
}

export default function EditProperty() {
  const { property, imageChoices } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as PropertyActionData | undefined;
  const { search } = useLocation();
  return (
    <PropertyFormDialog
      title="Edit Property"
      formId={`edit-property-${property.id}`}
      action={`${PROPERTIES_PATH}/${property.id}/edit${search}`}
      backTo={`${PROPERTIES_PATH}${search}`}
      defaultValue={property}
      data={data}
      submitLabel="Update Property"
      imageChoices={imageChoices}
      pendingLabel="Updating..."
    />
  );
}
