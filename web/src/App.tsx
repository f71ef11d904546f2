import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { isApiError } from './api/client';
import { Loading, ErrorNote } from './components/feedback';
import { Layout, PublicLayout } from './components/Layout';
import { WorkspaceLayout } from './areas/WorkspaceLayout';
import { AREAS } from './areas';
import { lazyPage } from './areas/area';
import { managesAnything, usePermissions, useVolunteerAreaEnabled } from './permissions';
import './i18n';
import { AccessDenied, NotEnabled, NotFound } from './pages/Notices';
import { SignIn } from './pages/SignIn';
import { CURRENT_USER, useCurrentUser } from './session';

// Every page but sign-in loads when first opened, so a phone's first visit downloads the sign-in page and the frame
// only (issue 37 #12); the layouts show a loading note meanwhile.
const AcceptInvitation = lazyPage(() => import('./pages/AcceptInvitation'), (module) => module.AcceptInvitation);
const AnswerFromEmail = lazyPage(() => import('./pages/AnswerFromEmail'), (module) => module.AnswerFromEmail);
const Availability = lazyPage(() => import('./pages/Availability'), (module) => module.Availability);
const ChangePassword = lazyPage(() => import('./pages/ChangePassword'), (module) => module.ChangePassword);
const HelpWanted = lazyPage(() => import('./pages/HelpWanted'), (module) => module.HelpWanted);
const Me = lazyPage(() => import('./pages/Me'), (module) => module.Me);
const MySchedule = lazyPage(() => import('./pages/MySchedule'), (module) => module.MySchedule);
const OpenSpots = lazyPage(() => import('./pages/OpenSpots'), (module) => module.OpenSpots);
const ProposeSubstitute = lazyPage(() => import('./pages/ProposeSubstitute'), (module) => module.ProposeSubstitute);
const Register = lazyPage(() => import('./pages/Register'), (module) => module.Register);
const Kiosk = lazyPage(() => import('./pages/Kiosk'), (module) => module.Kiosk);
const ResetPassword = lazyPage(() => import('./pages/ResetPassword'), (module) => module.ResetPassword);
const TwoFactor = lazyPage(() => import('./pages/TwoFactor'), (module) => module.TwoFactor);

/** The app's query cache: one per browser tab, and one per page the build renders (web/src/prerender.tsx). */
export function newQueryClient(): QueryClient {
  // A key revoked elsewhere (sign-out on another device, a password change) sends the reader back to sign in.
  const onError = (error: unknown) => {
    if (isApiError(error, 401)) queryClient.setQueryData(CURRENT_USER, null);
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { retry: (count, error) => !isApiError(error) && count < 2, staleTime: 30_000 } },
  });
  return queryClient;
}

function SignedIn() {
  const user = useCurrentUser();
  const location = useLocation();
  if (user.isPending) return <Loading />;
  if (user.isError) return <ErrorNote error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

/** The volunteer pages, once the church has switched the volunteer area on. */
function VolunteerArea() {
  const enabled = useVolunteerAreaEnabled();
  if (enabled.isPending) return <Loading />;
  if (enabled.isError) return <ErrorNote error={enabled.error} onRetry={() => void enabled.refetch()} />;
  return enabled.data ? <Outlet /> : <NotEnabled />;
}

/**
 * The coordinator's pages: sent home while the church has the volunteer area off, to the access-denied page
 * (as the reference system does) when the reader runs no ministry or team. The service checks the same
 * before it sends the dashboard's page; the API refuses every call the reader may not make.
 */
function CoordinatorArea() {
  const enabled = useVolunteerAreaEnabled();
  const permissions = usePermissions();
  if (enabled.isPending || permissions.isPending) return <Loading />;
  if (enabled.isError) return <ErrorNote error={enabled.error} onRetry={() => void enabled.refetch()} />;
  if (permissions.isError) return <ErrorNote error={permissions.error} onRetry={() => void permissions.refetch()} />;
  if (!enabled.data) return <Navigate to="/" replace />;
  if (!managesAnything(permissions.data)) return <Navigate to="/v2/access-denied?role=VolunteerCoordinator" replace />;
  return <Outlet />;
}

function AdminArea() {
  const user = useCurrentUser();
  if (!user.data?.roles.admin) return <Navigate to="/v2/access-denied?role=Admin" replace />;
  return <Outlet />;
}

/**
 * A page opened by a link starts at its top, as it would after a full page load (issue 37 #1: the Me page opened
 * scrolled to its bottom when the page before it was); Back and Forward keep the browser's own place.
 */
function StartPagesAtTheTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

const routesOf = (audience: 'coordinator' | 'admin') => AREAS.filter((area) => area.audience === audience).flatMap((area) => area.routes);

function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/sign-in" element={<SignIn />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        {/* The link of an invitation mail (issue 33): choose a password, and be signed in. */}
        <Route path="/invitation" element={<AcceptInvitation />} />
        {/* The public registration form the church links to (issue 33 #6). */}
        <Route path="/register" element={<Register />} />
        {/* The door tablet's check-in page (issue 36 #2): its own kiosk key, no sign-in, no navigation. */}
        <Route path="/kiosk" element={<Kiosk />} />
        {/* The Accept and Decline links of assignment mails: answered without signing in. */}
        <Route path="/answer/:token" element={<AnswerFromEmail />} />
      </Route>
      <Route element={<SignedIn />}>
        <Route element={<Layout />}>
          <Route path="/account/password" element={<ChangePassword />} />
          <Route path="/account/two-factor" element={<TwoFactor />} />
          <Route element={<VolunteerArea />}>
            <Route path="/" element={<MySchedule />} />
            {/* The path the service's mails link to (the reference system's schedule page). */}
            <Route path="/portal/volunteer/schedule" element={<Navigate to="/" replace />} />
            <Route path="/assignments/:assignmentId/substitute" element={<ProposeSubstitute />} />
            <Route path="/open-spots" element={<OpenSpots />} />
            <Route path="/help-wanted" element={<HelpWanted />} />
            <Route path="/me" element={<Me />} />
            <Route path="/me/availability" element={<Availability />} />
          </Route>
          <Route path="/v2/access-denied" element={<AccessDenied />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route element={<WorkspaceLayout />}>
          <Route element={<CoordinatorArea />}>
            <Route path="/ministries" element={<Navigate to="/ministries/dashboard" replace />} />
            {routesOf('coordinator')}
          </Route>
          <Route element={<AdminArea />}>{routesOf('admin')}</Route>
        </Route>
      </Route>
    </Routes>
  );
}

/**
 * The whole app inside a router: the browser's in main.tsx, a static one where the build renders the sign-in page
 * ahead (web/src/prerender.tsx), so both draw the page from the same components.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StartPagesAtTheTop />
      <AppRoutes />
    </QueryClientProvider>
  );
}
