/** The stored keys of the ready answers a reply can start from (app/models/reply-templates.server.ts writes them out). */
export const REPLY_TEMPLATES = ["blank", "available", "rented", "apply"] as const;
