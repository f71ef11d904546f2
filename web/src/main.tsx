import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { isApiError } from './api/client';
import { Loading, ErrorNote } from './components/feedback';
import { Layout, PublicLayout } from './components/Layout';
import './i18n';
import { ChangePassword } from './pages/ChangePassword';
import { HelpWanted } from './pages/HelpWanted';
import { Me } from './pages/Me';
import { MySchedule } from './pages/MySchedule';
import { NotEnabled, NotFound } from './pages/Notices';
import { OpenSpots } from './pages/OpenSpots';
import { ProposeSubstitute } from './pages/ProposeSubstitute';
import { ResetPassword } from './pages/ResetPassword';
import { SignIn } from './pages/SignIn';
import { CURRENT_USER, useCurrentUser, useVolunteerAreaEnabled } from './session';
import './styles.css';

// A key revoked elsewhere (sign-out on another device, a password change) sends the reader back to sign in.
const onError = (error: unknown) => {
  if (isApiError(error, 401)) queryClient.setQueryData(CURRENT_USER, null);
};
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: { queries: { retry: (count, error) => !isApiError(error) && count < 2, staleTime: 30_000 } },
});

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

function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/sign-in" element={<SignIn />} />
        <Route path="/reset-password" element={<ResetPassword />} />
      </Route>
      <Route element={<SignedIn />}>
        <Route element={<Layout />}>
          <Route path="/account/password" element={<ChangePassword />} />
          <Route element={<VolunteerArea />}>
            <Route path="/" element={<MySchedule />} />
            {/* The path the service's mails link to (the reference system's schedule page). */}
            <Route path="/portal/volunteer/schedule" element={<Navigate to="/" replace />} />
            <Route path="/assignments/:assignmentId/substitute" element={<ProposeSubstitute />} />
            <Route path="/open-spots" element={<OpenSpots />} />
            <Route path="/help-wanted" element={<HelpWanted />} />
            <Route path="/me" element={<Me />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
