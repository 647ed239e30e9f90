import { useState, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { prepareUpload, shrunkNote } from "~/components/admin/shrink-image";
import type { UploadResult } from "~/components/admin/upload-client";
import { useLatestChoice } from "~/hooks/use-latest-choice";
import { refusalNaming } from "~/services/uploads/upload-rules";
import { LOGIN_PATH } from "~/paths";

/**
 * The files an uploader was given (docs/product.md §2, the uploader), each on its own:
 * checked and, if a photo over 10 MB, made smaller as it is chosen; then sent one after
 * the other in the order chosen, each with its progress, each its own upload. A file
 * refused (not an image, too large to shrink, refused by the server) says so by name and
 * the others go on.
 */

export type QueuedFile = {
  key: string;
  /** The name the admin's system gave it, to name it in what the uploader says. */
  name: string;
  /** What goes up: the file, or the copy made smaller. */
  file: File | null;
  note: string | null;
  state: "ready" | "uploading" | "uploaded" | "refused";
  progress: number;
  error: string | null;
};

/** One file sent: its upload, then whatever else it needs (a link to the home). */
export type SendFile = (file: File, onProgress: (fraction: number) => void) => Promise<UploadResult<unknown>>;

export function useUploadQueue(most: number) {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const beginChoice = useLatestChoice();
  const revalidator = useRevalidator();

  const update = (key: string, change: Partial<QueuedFile>) => setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const stillChosen = beginChoice();
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    setChoiceError(null);
    if (chosen.length > most) {
      input.value = "";
      setFiles([]);
      return setChoiceError(`Choose at most ${most} files at a time; you chose ${chosen.length}.`);
    }
    const listed = chosen.map((file, i): QueuedFile => ({ key: `${i}:${file.name}`, name: file.name, file: null, note: null, state: "ready", progress: 0, error: null }));
    setFiles(listed);
    // One at a time: a phone photo made smaller holds its pixels in memory while it is.
    for (const [i, file] of chosen.entries()) {
      const prepared = await prepareUpload(file);
      // Other files were chosen meanwhile: they are the ones that count.
      if (!stillChosen()) return;
      if (prepared.kind === "refused") update(listed[i].key, { state: "refused", error: prepared.message, note: null });
      else update(listed[i].key, { file: prepared.file, note: prepared.shrunk ? shrunkNote(prepared.shrunk, prepared.file) : null });
    }
  };

  const ready = files.filter((item) => item.state === "ready" && item.file);
  const checking = files.some((item) => item.state === "ready" && !item.file);

  /**
   * Sends the ready files in order: how many went up and how many the server refused
   * (those refused as they were chosen were said then), or null if the session ended
   * (the page goes to the login).
   */
  const sendAll = async (send: SendFile): Promise<{ uploaded: number; refused: number } | null> => {
    if (sending || checking || !ready.length) return { uploaded: 0, refused: 0 };
    setSending(true);
    let uploaded = 0;
    try {
      for (const item of ready) {
        update(item.key, { state: "uploading", progress: 0 });
        const result = await send(item.file!, (fraction) => update(item.key, { progress: Math.round(fraction * 100) }));
        if (!result.ok && result.sessionEnded) {
          // As a page action would: to the login page, which says why and comes back here.
          const back = `${window.location.pathname}${window.location.search}`;
          window.location.assign(`${LOGIN_PATH}?error=session_expired&redirectTo=${encodeURIComponent(back)}`);
          return null;
        }
        if (result.ok) uploaded += 1;
        update(item.key, result.ok ? { state: "uploaded", progress: 100 } : { state: "refused", error: result.named ? result.error : refusalNaming(item.name, result.error) });
      }
    } finally {
      setSending(false);
    }
    return { uploaded, refused: ready.length - uploaded };
  };

  /**
   * The uploader's submit: sends the files; once one is up the page's data is read again
   * (what went up shows at once); once all are up, a toast says `success(count)` and
   * `afterAllUp` runs (the dialog closes, the form is emptied).
   */
  const upload = async (send: SendFile, success: (count: number) => string, afterAllUp: () => void) => {
    const outcome = await sendAll(send);
    if (!outcome || outcome.uploaded === 0) return;
    revalidator.revalidate();
    if (outcome.refused) return;
    toast({ title: "Success", description: success(outcome.uploaded) });
    setFiles([]);
    afterAllUp();
  };

  return { files, choiceError, sending, checking, readyCount: ready.length, choose, upload };
}
