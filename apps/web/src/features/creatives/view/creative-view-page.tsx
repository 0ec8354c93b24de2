// Placeholder until its page lands (issue 5); the helper building it replaces this file.
import NotAvailablePage from '../../../features/placeholder/not-available-page.tsx';

export default NotAvailablePage;
