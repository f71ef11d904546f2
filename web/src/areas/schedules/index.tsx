import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './schedules.css';

const EditSchedulePage = lazyPage(() => import('./SchedulePages'), (module) => module.EditSchedulePage);
const NewSchedulePage = lazyPage(() => import('./SchedulePages'), (module) => module.NewSchedulePage);
const ScheduleList = lazyPage(() => import('./ScheduleList'), (module) => module.ScheduleList);

export const schedulesArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="schedules" path="/ministries/schedules" element={<ScheduleList />} />,
    <Route key="schedules-new" path="/ministries/schedules/new" element={<NewSchedulePage />} />,
    <Route key="schedules-one" path="/ministries/schedules/:scheduleId" element={<EditSchedulePage />} />,
  ],
  nav: [{ to: '/ministries/schedules', label: 'schedules.nav' }],
};
