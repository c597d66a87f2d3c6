/** The site editor on PostgreSQL, two instances behind one balancer (site-editor.ts). */
import { ownerEditsTheSite } from './site-editor.ts';

ownerEditsTheSite('postgres');
