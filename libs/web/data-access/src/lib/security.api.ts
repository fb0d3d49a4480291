import type {
  ComprehensiveReport,
  DomainReport,
  DomProtection,
  EmergencyFixRequest,
  EmergencyFixResult,
  HackersReport,
  PersonaName,
  PersonaStats,
  PasswordRequest,
  ResumeResult,
  SecurityToken,
  VaultLogs,
  VulnerabilitiesReport,
} from '@cosmic/contracts';
import { api } from './api';

/** The dashboard polls every second. */
export const SECURITY_POLL_MS = 1000;

// The bearer token travels in the Authorization header only: never in a URL, never in storage.
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const get = (url: string, token: string) => ({ url: `security/${url}`, headers: bearer(token) });

const securityApi = api.injectEndpoints({
  endpoints: (b) => ({
    securitySession: b.mutation<SecurityToken, string>({
      query: (password) => ({ url: 'security/session', method: 'POST', body: { password } satisfies PasswordRequest }),
    }),
    vaultSession: b.mutation<SecurityToken, { persona: PersonaName; password: string; token: string }>({
      query: ({ persona, password, token }) => ({
        url: `security/${persona}/vault/session`,
        method: 'POST',
        body: { password } satisfies PasswordRequest,
        headers: bearer(token),
      }),
    }),
    securityOverview: b.query<ComprehensiveReport, string>({
      query: (token) => get('comprehensive', token),
      providesTags: ['Security'],
    }),
    securityDom: b.query<DomProtection, string>({ query: (token) => get('dom', token) }),
    securityHackers: b.query<HackersReport, string>({ query: (token) => get('hackers', token) }),
    securityVulnerabilities: b.query<VulnerabilitiesReport, string>({
      query: (token) => get('real-time-vulnerabilities', token),
      providesTags: ['Security'],
    }),
    personaStats: b.query<PersonaStats, { token: string; persona: PersonaName }>({
      query: ({ token, persona }) => get(`${persona}/stats`, token),
    }),
    domainReport: b.query<DomainReport, string>({
      query: (token) => get('domain/report', token),
      providesTags: ['Security'],
    }),
    vaultLogs: b.query<VaultLogs, { token: string; persona: PersonaName }>({
      query: ({ token, persona }) => get(`${persona}/vault`, token),
    }),
    emergencyFix: b.mutation<EmergencyFixResult, { token: string; domain: string }>({
      query: ({ token, domain }) => ({
        url: 'security/emergency-domain-fix',
        method: 'POST',
        body: { domain } satisfies EmergencyFixRequest,
        headers: bearer(token),
      }),
      invalidatesTags: ['Security'],
    }),
    resumeAmina: b.mutation<ResumeResult, string>({
      query: (token) => ({ url: 'security/resume-amina', method: 'POST', body: {}, headers: bearer(token) }),
      invalidatesTags: ['Security'],
    }),
  }),
});

/** Mutation: POST /api/security/session {password} → an operator token (15 min). */
export const useSecuritySessionMutation = securityApi.useSecuritySessionMutation;
/** Mutation: POST /api/security/{persona}/vault/session {password} with the operator token → a vault token. */
export const useVaultSessionMutation = securityApi.useVaultSessionMutation;
/** Query (arg: operator token): GET /api/security/comprehensive. */
export const useSecurityOverviewQuery = securityApi.useSecurityOverviewQuery;
/** Query (arg: operator token): GET /api/security/dom. */
export const useSecurityDomQuery = securityApi.useSecurityDomQuery;
/** Query (arg: operator token): GET /api/security/hackers. */
export const useSecurityHackersQuery = securityApi.useSecurityHackersQuery;
/** Query (arg: operator token): GET /api/security/real-time-vulnerabilities. */
export const useSecurityVulnerabilitiesQuery = securityApi.useSecurityVulnerabilitiesQuery;
/** Query: GET /api/security/{persona}/stats. */
export const usePersonaStatsQuery = securityApi.usePersonaStatsQuery;
/** Query (arg: operator token): GET /api/security/domain/report. */
export const useDomainReportQuery = securityApi.useDomainReportQuery;
/** Query (vault token): GET /api/security/{persona}/vault. */
export const useVaultLogsQuery = securityApi.useVaultLogsQuery;
/** Mutation: POST /api/security/emergency-domain-fix {domain}. */
export const useEmergencyFixMutation = securityApi.useEmergencyFixMutation;
/** Mutation: POST /api/security/resume-amina. */
export const useResumeAminaMutation = securityApi.useResumeAminaMutation;
