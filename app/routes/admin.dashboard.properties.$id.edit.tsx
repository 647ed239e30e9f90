import { useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PropertyFormDialog } from "~/components/admin/property-form";
import { getProperty, propertyFormValues, propertySpanishStatus, storedSpanish, updateProperty } from "~/models/properties.server";
import { savedToast } from "~/models/spanish-status";
import { machineTranslationIsSetUp } from "~/models/machine-translation.server";
import { recentMediaImages } from "~/models/media.server";
import { readPropertyFormPost } from "~/http/property-form-post.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { parseId } from "~/http/params";
import type { PropertyActionData } from "~/models/property-form";
import { IMAGE_CHOICES } from "~/http/property-image-form.server";
import { PROPERTY_MESSAGES, propertySpanishNote, savedMessage, visitsCalledOffNote } from "~/models/property-messages";
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
  return data(
    {
      property: propertyFormValues(property),
      spanishStored: storedSpanish(property),
      imageChoices: recentMediaImages(IMAGE_CHOICES),
      machineTranslation: machineTranslationIsSetUp(),
      publicHome: property.isActive,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const current = id === null ? undefined : getProperty(id);
  if (id === null || !current) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  const post = await readPropertyFormPost(request, admin.email, PROPERTY_MESSAGES.updateFailed, current);
  if ("answer" in post) return post.answer;
  const saved = await updateProperty(id, post.property, admin.email);
  if (!saved) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  const note = [visitsCalledOffNote(saved.visitsCalledOff), propertySpanishNote(propertySpanishStatus(saved.property), saved.translation)].filter(Boolean).join(". ") || null;
  return redirectWithToast(propertiesTabUrl(request), savedToast(savedMessage(saved.property, current), note));
}

export default function EditProperty() {
  const { property, spanishStored, imageChoices, machineTranslation, publicHome } = useLoaderData<typeof loader>();
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
      publicHome={publicHome}
      imageChoices={imageChoices}
      spanishStored={spanishStored}
      machineTranslation={machineTranslation}
    />
  );
}
