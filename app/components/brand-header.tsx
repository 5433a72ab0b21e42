import { LanguageMenu } from "./language-menu.tsx";

/** The top of the pages seen signed out: the VV mark and the language menu. */
export function BrandHeader() {
  return (
    <header className="auth-header">
      <span className="brand" aria-hidden="true">
        VV
      </span>
      <LanguageMenu />
    </header>
  );
}
