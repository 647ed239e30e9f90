import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PropertyFormDialog, type PropertyActionData } from "~/components/admin/property-form";
import { PROPERTIES_PATH } from "~/components/admin/tabs";
import { getProperty, propertyFormValues, unrecordedImageProblem, updateProperty } from "~/models/properties.server";
import { recentMediaImages } from "~/models/media.server";
import { addressSearchAnswer, wantsAddressSearch } from "~/utils/address-find.server";
import { requireAdmin } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { parsePropertyForm } from "~/utils/property-form";
import { IMAGE_CHOICES, readPropertyForm } from "~/utils/property-image-form.server";
import { PROPERTY_MESSAGES } from "~/utils/property-messages";
import { redirectWithToast } from "~/utils/toast.server";
import { propertiesTabUrl } from "~/utils/property-tab";

const FAILED_TOAST = { title: "Error", description: PROPERTY_MESSAGES.updateFailed, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const property = id === null ? undefined : getProperty(id);
  if (!property) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  return json({ property: propertyFormValues(property), imageChoices: recentMediaImages(IMAGE_CHOICES) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const current = id === null ? undefined : getProperty(id);
  if (id === null || !current) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
  const read = await readPropertyForm(request, admin.email);
  const submission = parsePropertyForm(read.formData);
  const imageError = read.imageError ?? (submission.status === "success" ? unrecordedImageProblem(submission.value.imageUrl, current.imageUrl) : null);
  // 'Find' (without JavaScript): the form again with the addresses found, nothing saved.
  if (wantsAddressSearch(read.formData) && !read.imageError) {
    return json<PropertyActionData>(await addressSearchAnswer(read.formData, submission, admin.email));
  }
  if (submission.status !== "success" || imageError) {
    return json<PropertyActionData>(
      {
        result: submission.reply({
          formErrors: [PROPERTY_MESSAGES.updateFailed, PROPERTY_MESSAGES.fixFields],
          fieldErrors: imageError ? { imageUrl: [imageError] } : {},
        }),
        error: PROPERTY_MESSAGES.updateFailed,
      },
      { status: read.status },
    );
  }
  if (!updateProperty(id, submission.value, admin.email)) return redirectWithToast(propertiesTabUrl(request), FAILED_TOAST);
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
