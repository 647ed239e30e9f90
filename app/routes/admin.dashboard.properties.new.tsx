import { useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PropertyFormDialog } from "~/components/admin/property-form";
import { createProperty, propertySpanishStatus } from "~/models/properties.server";
import { savedToast } from "~/models/spanish-status";
import { machineTranslationIsSetUp } from "~/models/machine-translation.server";
import { recentMediaImages } from "~/models/media.server";
import { readPropertyFormPost } from "~/http/property-form-post.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import type { PropertyActionData } from "~/models/property-form";
import { IMAGE_CHOICES } from "~/http/property-image-form.server";
import { PROPERTY_MESSAGES, propertySpanishNote, savedMessage } from "~/models/property-messages";
import { redirectWithToast } from "~/http/toast.server";
import { PROPERTIES_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data({ imageChoices: recentMediaImages(IMAGE_CHOICES), machineTranslation: machineTranslationIsSetUp() }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const post = await readPropertyFormPost(request, admin.email, PROPERTY_MESSAGES.createFailed);
  if ("answer" in post) return post.answer;
  const { property, translation } = await createProperty(post.property, admin.email);
  // The list is newest first: its first page shows the new property.
  return redirectWithToast(PROPERTIES_PATH, savedToast(savedMessage(property, null), propertySpanishNote(propertySpanishStatus(property), translation)));
}

export default function AddProperty() {
  const { imageChoices, machineTranslation } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as PropertyActionData | undefined;
  const { search } = useLocation();
  return (
    <PropertyFormDialog
      title="Add New Property"
      formId="add-property"
      action={`${PROPERTIES_PATH}/new${search}`}
      backTo={`${PROPERTIES_PATH}${search}`}
      defaultValue={{ facts: { status: "available" } }}
      data={data}
      publicHome={false}
      imageChoices={imageChoices}
      machineTranslation={machineTranslation}
    />
  );
}
