/** The lead inbox as the owner uses it, on SQLite (inbox-owner.ts). */
import { ownerWorksLeads } from './inbox-owner.ts';

ownerWorksLeads('sqlite');
