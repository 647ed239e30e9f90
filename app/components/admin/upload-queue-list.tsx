import { UploadProgress } from "~/components/admin/upload-progress";
import { RefusalBox } from "~/components/admin/refusal-box";
import type { QueuedFile } from "~/components/admin/use-upload-queue";

function stateText(item: QueuedFile): string {
  if (item.state === "uploaded") return "Uploaded";
  if (item.state === "uploading") return item.progress < 100 ? `Uploading... ${item.progress}%` : "Checking the image...";
  return item.file ? "Ready to upload" : "Checking the file...";
}

/** The files an uploader was given, each with its size, its progress and what became of it (use-upload-queue.ts). */
export function UploadQueueList({ files }: { files: QueuedFile[] }) {
  if (!files.length) return null;
  return (
    <ul aria-label={files.length === 1 ? "Selected file" : "Selected files"} className="divide-y divide-slate-100 rounded-md border border-slate-200 px-3">
      {files.map((item) => (
        <li key={item.key} className="space-y-2 py-3">
          {item.state === "refused" ? (
            <RefusalBox>{item.error}</RefusalBox>
          ) : (
            <>
              <UploadProgress name={item.name} size={item.file?.size ?? 0} value={item.state === "uploaded" ? 100 : item.state === "uploading" ? item.progress : 0} />
              {item.note ? <p className="text-sm text-slate-700">{item.note}</p> : null}
              <p className="text-sm text-slate-600" aria-live="polite">
                {stateText(item)}
              </p>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
