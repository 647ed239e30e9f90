import { useId, useState, type ChangeEvent } from "react";
import { SafeImage } from "~/components/ui/safe-image";
import { useHydrated } from "~/hooks/use-hydrated";
import { FILE_INPUT_CLASS, UploadProgress } from "~/components/admin/upload-progress";
import { toast } from "~/components/ui/toast";
import type { MediaImageChoice } from "~/models/media-form";
import { uploadImage } from "~/components/admin/upload-client";
import { refusalNaming, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { prepareUpload } from "~/components/admin/shrink-image";
import { useLatestChoice } from "~/hooks/use-latest-choice";
import { MEDIA_UPLOAD_API } from "~/paths";

/**
 * The property form's main image, beyond its URL field: one of the media library's
 * newest images (radio buttons, which work without JavaScript; with it they fill the
 * URL at once), or a new file. With JavaScript the file is uploaded on the spot
 * (docs/product.md §7's flow, with a progress bar) and becomes the URL; without it the
 * file goes with the form and the action uploads it (http/property-image-form.server.ts).
 * Either way the save links the new image to the home (models/media-links.server.ts,
 * linkNewMainImage).
 */
export function MainImageChoices(props: {
  /** The Image URL field's value now. */
  current: string;
  /** Puts a URL in the Image URL field. */
  setImage: (url: string) => void;
  choices: MediaImageChoice[];
  onUploadingChange: (uploading: boolean) => void;
}) {
  const fileId = useId();
  const hintId = useId();
  const [progress, setProgress] = useState<{ name: string; size: number; value: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { current, setImage } = props;
  // Without JavaScript no choice starts checked: one the admin checks replaces the URL
  // typed above (the action's rule). With it the choices follow the URL field both ways.
  const hydrated = useHydrated();

  const beginChoice = useLatestChoice();
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const stillChosen = beginChoice();
    const input = event.currentTarget;
    const chosen = input.files?.[0];
    setError(null);
    // The uploader (docs/product.md §2): a photo over 10 MB is made smaller here; what cannot be sent is refused by name.
    const prepared = chosen ? await prepareUpload(chosen) : null;
    // Another file was chosen meanwhile: it is the one that counts.
    if (!stillChosen()) return;
    if (!prepared || prepared.kind === "refused") {
      // Nothing to send; an upload this choice replaced no longer holds the form either.
      setProgress(null);
      props.onUploadingChange(false);
      input.value = "";
      if (prepared) setError(prepared.message);
      return;
    }
    const file = prepared.file;
    setProgress({ name: file.name, size: file.size, value: 0 });
    props.onUploadingChange(true);
    const result = await uploadImage<{ filePath: string }>(file, { url: MEDIA_UPLOAD_API, method: "POST" }, (fraction) => {
      if (stillChosen()) setProgress({ name: file.name, size: file.size, value: Math.round(fraction * 100) });
    });
    // Uploaded, and in the library; but a file chosen during the upload is the main image.
    if (!stillChosen()) return;
    props.onUploadingChange(false);
    // Sent already: the form must not send the file a second time.
    input.value = "";
    setProgress(null);
    if (!result.ok) return setError(refusalNaming(file.name, result.error));
    setImage(result.item.filePath);
    toast({ title: "Success", description: UPLOAD_MESSAGES.fileUploaded });
  };

  return (
    <div className="space-y-3 sm:col-span-2">
      {current ? (
        <div className="flex items-center gap-3">
          <SafeImage src={current} alt="" width={96} height={64} sizes="96px" className="h-16 w-24 rounded-md border border-slate-200 object-cover" />
          <p className="min-w-0 break-all text-xs text-slate-600">Current main image: {current}</p>
        </div>
      ) : null}
      {props.choices.length ? (
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Choose from the media library</summary>
          <fieldset className="p-3">
            <legend className="sr-only">Newest images in the media library</legend>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {props.choices.map((choice) => (
                <li key={choice.filePath}>
                  <label className="block cursor-pointer rounded-md border border-slate-200 p-1 text-xs has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                    <SafeImage src={choice.filePath} alt="" width={160} height={107} sizes="160px" loading="lazy" className="aspect-[3/2] w-full rounded object-cover" />
                    <span className="mt-1 flex items-center gap-1.5">
                      <input
                        type="radio"
                        name="imageChoice"
                        value={choice.filePath}
                        checked={hydrated && choice.filePath === current}
                        onChange={() => setImage(choice.filePath)}
                        className="h-4 w-4 shrink-0 accent-brand-700"
                      />
                      <span className="truncate text-slate-700">{choice.originalName}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      ) : null}
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Or upload a new image
        </label>
        <p id={hintId} className="text-xs text-slate-500">
          JPEG, PNG, GIF or WebP, up to 10 MB. It is added to the media library too, as one of this home's photos.
        </p>
        <input
          id={fileId}
          type="file"
          name="file"
          accept={UPLOAD_ACCEPT}
          onChange={upload}
          disabled={progress !== null}
          aria-describedby={hintId}
          className={`mt-1 ${FILE_INPUT_CLASS}`}
        />
        {progress ? (
          <div className="mt-2">
            <UploadProgress {...progress} />
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
