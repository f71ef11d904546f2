/** Built-in name lists of the seed: small, varied, deterministic (no network, no data files). */

export const FEMALE_NAMES = [
  'Abigail', 'Ada', 'Amara', 'Ana', 'Beatriz', 'Chloe', 'Claire', 'Deborah', 'Elena', 'Esther', 'Fatima', 'Grace',
  'Hannah', 'Ingrid', 'Isabel', 'Joy', 'Julia', 'Keiko', 'Leah', 'Lydia', 'Maria', 'Mei', 'Miriam', 'Naomi',
  'Olivia', 'Priya', 'Rachel', 'Rebecca', 'Ruth', 'Sarah', 'Sofia', 'Tabitha', 'Yara', 'Zoe',
];

export const MALE_NAMES = [
  'Aaron', 'Adebayo', 'Andrew', 'Benjamin', 'Caleb', 'Carlos', 'Daniel', 'David', 'Elijah', 'Emmanuel', 'Gabriel',
  'Hiroshi', 'Isaac', 'James', 'Jonah', 'Joseph', 'Kwame', 'Luca', 'Luke', 'Mark', 'Mateo', 'Matthew', 'Min-jun',
  'Nathan', 'Noah', 'Oscar', 'Paul', 'Peter', 'Rafael', 'Samuel', 'Simon', 'Thomas', 'Timothy', 'Wei',
];

export const LAST_NAMES = [
  'Abebe', 'Adeyemi', 'Andersen', 'Bauer', 'Brown', 'Campbell', 'Chen', 'Costa', 'Dubois', 'Evans', 'Fernandes',
  'Fischer', 'Garcia', 'Hughes', 'Ivanova', 'Jackson', 'Johansson', 'Kim', 'Kowalski', 'Lee', 'Lopez', 'Mensah',
  'Miller', 'Moreau', 'Murphy', 'Nakamura', 'Nguyen', 'Novak', 'Okafor', "O'Brien", 'Park', 'Patel', 'Rossi',
  'Santos', 'Schmidt', 'Silva', 'Smith', 'Tanaka', 'Taylor', 'Thompson', 'Van Dijk', 'Walker', 'Williams', 'Wilson',
];

export const STREETS = ['Maple Ave', 'Church St', 'Oak Lane', 'Hillside Dr', 'River Rd', 'Elm St', 'Park Blvd', 'Cedar Ct', 'Grove St', 'Mill Rd'];
export const CITIES = ['Springfield', 'Riverton', 'Fairview', 'Greenville', 'Lakeside'];

/**
 * A ministry's teams (five) and the three positions each of its teams has: a core role, a second role,
 * and a sign-up role that members may put themselves on (self-assignable).
 */
export interface MinistryTemplate {
  name: string;
  teams: readonly string[];
  positions: readonly [core: string, second: string, signUp: string];
  helpWantedText: string;
}

export const MINISTRIES: readonly MinistryTemplate[] = [
  { name: 'Worship', teams: ['Band', 'Vocals', 'Strings', 'Platform', 'Choir Support'], positions: ['Musician', 'Singer', 'Stage Hand'], helpWantedText: 'We are looking for singers and players for both services.' },
  { name: 'Hospitality', teams: ['Front Door', 'Coffee Bar', 'Info Desk', 'Lobby', 'Connect Center'], positions: ['Greeter', 'Host', 'Floater'], helpWantedText: 'Help us welcome everyone on Sunday mornings.' },
  { name: 'Children', teams: ['Preschool', 'Kindergarten', 'Grades 1-2', 'Grades 3-5', 'Check-in'], positions: ['Teacher', 'Helper', 'Snack Runner'], helpWantedText: 'Our classrooms need more helpers.' },
  { name: 'Media', teams: ['Sound', 'Lighting', 'Cameras', 'Livestream', 'Slides'], positions: ['Operator', 'Assistant', 'Runner'], helpWantedText: '' },
  { name: 'Youth', teams: ['Middle School', 'High School', 'Youth Band', 'Games', 'Welcome'], positions: ['Leader', 'Mentor', 'Helper'], helpWantedText: 'Adults who love teenagers: join us!' },
  { name: 'Ushers', teams: ['Main Floor', 'Balcony', 'Offering', 'Communion', 'Seating'], positions: ['Usher', 'Assistant Usher', 'Floater'], helpWantedText: '' },
  { name: 'Prayer', teams: ['Prayer Room', 'Altar Team', 'Prayer Chain', 'Intercessors', 'Healing Rooms'], positions: ['Prayer Partner', 'Intercessor', 'Host'], helpWantedText: '' },
  { name: 'Outreach', teams: ['Food Pantry', 'Community Meals', 'Neighborhood', 'Clothing Closet', 'Visitation'], positions: ['Server', 'Sorter', 'Driver'], helpWantedText: 'The food pantry needs hands every week.' },
  { name: 'Nursery', teams: ['Infants', 'Crawlers', 'Toddlers', 'Twos', 'Check-in Desk'], positions: ['Caregiver', 'Assistant', 'Runner'], helpWantedText: '' },
  { name: 'Small Groups', teams: ['Hosts', 'Leaders', 'Coaches', 'Childcare', 'Sign-up Table'], positions: ['Leader', 'Co-Leader', 'Helper'], helpWantedText: '' },
  { name: 'Missions', teams: ['Local Partners', 'Global Partners', 'Mission Trips', 'Sponsorships', 'Mission Table'], positions: ['Coordinator', 'Helper', 'Table Host'], helpWantedText: '' },
  { name: 'Pastoral Care', teams: ['Hospital Visits', 'Meals', 'Grief Support', 'Home Visits', 'Cards'], positions: ['Visitor', 'Cook', 'Writer'], helpWantedText: 'Bring a meal to a family in need.' },
  { name: 'Facilities', teams: ['Setup', 'Teardown', 'Grounds', 'Maintenance', 'Cleaning'], positions: ['Crew Lead', 'Crew', 'Helper'], helpWantedText: '' },
  { name: 'Parking', teams: ['North Lot', 'South Lot', 'Street', 'Shuttle', 'Accessible Parking'], positions: ['Attendant', 'Guide', 'Floater'], helpWantedText: '' },
  { name: 'Safety', teams: ['Entrances', 'Patrol', 'First Aid', 'Kids Wing', 'Command'], positions: ['Officer', 'Medic', 'Spotter'], helpWantedText: '' },
  { name: 'Kitchen', teams: ['Breakfast', 'Fellowship Lunch', 'Baking', 'Dish Crew', 'Pantry'], positions: ['Cook', 'Server', 'Dishwasher'], helpWantedText: 'Cooks and servers for fellowship lunches.' },
  { name: 'Choir', teams: ['Sopranos', 'Altos', 'Tenors', 'Basses', 'Accompanists'], positions: ['Section Singer', 'Section Leader', 'Music Librarian'], helpWantedText: '' },
  { name: 'Young Adults', teams: ['Welcome', 'Worship Night', 'Dinner', 'Discussion', 'Events'], positions: ['Host', 'Facilitator', 'Helper'], helpWantedText: '' },
  { name: "Men's Ministry", teams: ['Breakfast', 'Bible Study', 'Service Projects', 'Retreat', 'Mentoring'], positions: ['Leader', 'Helper', 'Setup'], helpWantedText: '' },
  { name: "Women's Ministry", teams: ['Bible Study', 'Mentoring', 'Events', 'Retreat', 'Care Packages'], positions: ['Leader', 'Helper', 'Setup'], helpWantedText: '' },
];

/** The two weekly services every schedule follows: one at 9:00 and one at 11:00 on Sundays. */
export const SERVICES = [
  { title: 'Sunday Service 9:00', label: '9:00', startTime: '09:00', endTime: '10:15' },
  { title: 'Sunday Service 11:00', label: '11:00', startTime: '11:00', endTime: '12:15' },
] as const;

export const EVENT_TYPE_NAME = 'Worship Service';
