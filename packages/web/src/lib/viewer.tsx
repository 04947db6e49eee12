import { chartDayOf } from '@dosedot/domain/adherence';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from './current-user';
import { type Patient, patientProfileQueryOptions, usePatient } from './impersonation';
import { useSession } from './session-store';

/*
 * Who reads a page and for whom, in one place instead of props handed down: the page language, the
 * subject whose data the page shows (null: oneself; else the patient an administrator impersonates
 * or a caregiver reads), whether it may be changed here (`readOnly`: a caregiver's view) and the
 * time zone its dates and times are shown in (the subject's profile zone; the browser's until the
 * profile has loaded).
 *
 * The private layout gives every page oneself as the subject. The pages that show a patient's data
 * (dashboards, My Medicine) are wrapped in `<ViewerProvider of="patient">` by the router: while an
 * administrator impersonates or a caregiver reads for a patient, their subject is that patient, and
 * only they read the patient's profile (each read is in the patient's access log).
 */
export interface Viewer {
  lang: string;
  zone: string;
  subject: Patient;
  /** A caregiver reads the patient's data: no button that writes is offered. */
  readOnly: boolean;
}

const ViewerContext = createContext<Viewer | null>(null);

const NOBODY = { userid: 0 };

export function ViewerProvider({ of = 'self', children }: { of?: 'self' | 'patient'; children: ReactNode }) {
  const { i18n } = useTranslation();
  const patient = usePatient();
  const subject = of === 'patient' ? patient : null;
  const token = useSession((s) => s.token);
  const own = useProfile();
  const theirs = useQuery({
    ...patientProfileQueryOptions(subject ?? NOBODY),
    enabled: !!token && !!subject,
  });
  const zone = (subject ? theirs : own).data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const lang = i18n.language;
  const userid = subject?.userid;
  const caring = subject?.caring === true;
  const value = useMemo<Viewer>(
    () => ({
      lang,
      zone,
      subject: userid === undefined ? null : caring ? { userid, caring } : { userid },
      readOnly: caring,
    }),
    [lang, zone, userid, caring],
  );
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

/** The viewer of this page, and today's chart day in its zone. */
export function useViewer(): Viewer & { today: string } {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('useViewer() needs a ViewerProvider above it (the private layout has one)');
  return { ...viewer, today: chartDayOf(Date.now(), viewer.zone) };
}
