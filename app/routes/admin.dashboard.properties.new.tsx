import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PropertyFormDialog, type PropertyActionData } from "~/components/admin/property-form";
import { PROPERTIES_PATH } from "~/components/admin/tabs";
import { createProperty, unrecordedImageProblem } from "~/models/properties.server";
import { recentMediaImages } from "~/models/media.server";
import { addressSearchAnswer, wantsAddressSearch } from "~/utils/address-find.server";
import { requireAdmin } from "~/utils/auth.server";
import { parsePropertyForm } from "~/utils/property-form";
import { IMAGE_CHOICES, readPropertyForm } from "~/utils/property-image-form.server";
import { PROPERTY_MESSAGES } from "~/utils/property-messages";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ imageChoices: recentMediaImages(IMAGE_CHOICES) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const read = await readPropertyForm(request, admin.email);
  const submission = parsePropertyForm(read.formData);
  const imageError = read.imageError ?? (submission.status === "success" ? unrecordedImageProblem(submission.value.imageUrl) : null);
  // 'Find' (without JavaScript): the form again with the addresses found, nothing saved.
  if (wantsAddressSearch(read.formData) && !read.imageError) {
    return json<PropertyActionData>(await addressSearchAnswer(read.formData, submission, admin.email));
  }
  if (submission.status !== "success" || imageError) {
    return json<PropertyActionData>(
      {
        result: submission.reply({
          formErrors: [PROPERTY_MESSAGES.createFailed, PROPERTY_MESSAGES.fixFields],
          fieldErrors: imageError ? { imageUrl: [imageError] } : {},
        }),
        error: PROPERTY_MESSAGES.createFailed,
      },
      { status: read.status },
    );
  }
  createProperty(submission.value, admin.email);
  // The list is newest first: its first page shows the new property.
  return redirectWithToast(PROPERTIES_PATH, { title: "Success", description: PROPERTY_MESSAGES.created });
}

export default function AddProperty() {
  const { imageChoices } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as PropertyActionData | undefined;
  const { search } = useLocation();
  return (
    <PropertyFormDialog
      title="Add New Property"
      formId="add-property"
      action={`${PROPERTIES_PATH}/new${search}`}
      backTo={`${PROPERTIES_PATH}${search}`}
      defaultValue={{ isActive: true }}
      data={data}
      submitLabel="Create Property"
      imageChoices={imageChoices}
      pendingLabel="Creating..."
    />
  );
}
