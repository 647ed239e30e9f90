/** The stored values of an enquiry's stage and close reason (app/models/enquiry-stage.ts has their meaning and labels). */
export const ENQUIRY_STAGES = ["new", "replied", "visit_scheduled", "applied", "leased", "closed"] as const;
export const CLOSE_REASONS = ["rented_elsewhere", "no_answer", "not_qualified", "other"] as const;
