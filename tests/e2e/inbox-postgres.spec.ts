/** The lead inbox as the owner uses it, on PostgreSQL with two server instances behind one balancer (inbox-owner.ts). */
import { ownerWorksLeads } from './inbox-owner.ts';

ownerWorksLeads('postgres');
