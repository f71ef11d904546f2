import { Route } from 'react-router';
import type { Area } from '../area';
import { EditSchedulePage, NewSchedulePage } from './SchedulePages';
import { ScheduleList } from './ScheduleList';
import './schedules.css';

export const schedulesArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="schedules" path="/ministries/schedules" element={<ScheduleList />} />,
    <Route key="schedules-new" path="/ministries/schedules/new" element={<NewSchedulePage />} />,
    <Route key="schedules-one" path="/ministries/schedules/:scheduleId" element={<EditSchedulePage />} />,
  ],
  nav: [{ to: '/ministries/schedules', label: 'schedules.nav' }],
};
