// Lets non-React code (session actions, the HTTP client's 401 handling) navigate through the
// router. The router registers its navigate function once it is mounted.
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export const setAppNavigator = (navigate: Navigate | null): void => {
  navigator = navigate;
};

export const navigateTo = (path: string, options?: { replace?: boolean }): void => {
  if (navigator) navigator(path, options);
  else if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
};
