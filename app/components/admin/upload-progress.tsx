import { formatFileSize } from "~/models/media-form";

/** One file of the uploader (docs/product.md §2): its name, its size and how much of it has gone up. */
export function UploadProgress({ name, size, value }: { name: string; size: number; value: number }) {
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="break-all font-medium text-slate-900">{name}</span>
        <span className="text-slate-600">{formatFileSize(size)}</span>
      </p>
      <div role="progressbar" aria-label={`Upload progress of ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

export const FILE_INPUT_CLASS =
  "block w-full text-sm text-slate-800 file:mr-3 file:h-10 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-700 hover:file:bg-slate-100";
