/** The shapes the inbox's API answers with. */
import type { InboxView, LeadStatus, LostReason, UserRole } from '../../core/lead/status.ts';

export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
  passkeys: number;
}

export interface Session {
  user: SessionUser | null;
  csrfToken: string;
}

export interface LeadRow {
  id: string;
  created_at: string;
  contact_name: string;
  company_name: string;
  city: string;
  service_type: string;
  urgent: boolean;
  status: LeadStatus;
  spam: boolean;
  spam_reason: string;
  follow_up_on: string | null;
}

export interface LeadDetail extends LeadRow {
  work_email: string;
  phone: string;
  notes: string;
  job_value: number | null;
  lost_reason: LostReason | null;
  [field: string]: unknown;
}

export interface TimelineEntry {
  id: string;
  at: string;
  kind: string;
  actor_email: string | null;
  text: string;
}

export interface Notification {
  id: string;
  channel: string;
  label: string;
  state: 'pending' | 'sent' | 'failed' | 'dead';
  attempts: number;
  last_error: string | null;
  can_send_again: boolean;
}

export interface LeadPage {
  leads: LeadRow[];
  next: string | null;
  counts: Record<InboxView, number>;
}

export interface FullLead {
  lead: LeadDetail;
  timeline: TimelineEntry[];
  notifications: Notification[];
}

export interface Person {
  id: string;
  email: string;
  role: UserRole;
  created_at: number;
  passkeys: number;
}

export interface Passkey {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface AuditEntry {
  id: string;
  at: number;
  actor_email: string | null;
  action: string;
  detail: string;
  ip: string;
}
