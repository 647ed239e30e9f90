import type { ReactNode } from "react";

/** A refusal said where it happened (a file not taken, a delete not done): announced at once, long names wrapped. */
export function RefusalBox({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`break-words rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 ${className}`.trim()}>
      {children}
    </p>
  );
}
