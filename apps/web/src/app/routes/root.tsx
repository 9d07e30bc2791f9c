import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { Notifications } from '@/components/ui/notifications/notifications';
import { PageSkeleton } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { useSelectedCampaign } from '@/features/campaigns/api/get-selected-campaign';
import { DEFAULT_UI_LANG, isUiLang, setUiLang, uiLangFor, type UiLang } from '@/lib/i18n';

/**
 * Interface language: the chosen campaign's language, else the user's, else Italian.
 * Reads the selected campaign from the cache only; the campaign pages fetch it.
 */
function useInterfaceLanguage() {
  const { data: user } = useUser();
  const { data: campaign } = useSelectedCampaign({ enabled: false });
  const campaignLang = user ? uiLangFor(campaign?.lang) : undefined;
  const signedOut = user === null;
  // Pages that do not load the campaign (privacy, picker) keep its language after a reload.
  useEffect(() => {
    if (campaignLang) rememberCampaignLang(campaignLang);
    else if (signedOut) rememberCampaignLang(undefined);
  }, [campaignLang, signedOut]);
  const lang = campaignLang ?? (user ? rememberedCampaignLang() : undefined) ?? uiLangFor(user?.lang) ?? DEFAULT_UI_LANG;
  useEffect(() => setUiLang(lang), [lang]);
}

const LANG_STORAGE_KEY = 'prova.campaignUiLang';

function rememberCampaignLang(lang: UiLang | undefined) {
  try {
    if (lang) sessionStorage.setItem(LANG_STORAGE_KEY, lang);
    else sessionStorage.removeItem(LANG_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the language then follows the user.
  }
}

function rememberedCampaignLang(): UiLang | undefined {
  try {
    const value = sessionStorage.getItem(LANG_STORAGE_KEY) ?? undefined;
    return isUiLang(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** After a client-side navigation, focus goes to the new page so screen readers start there. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function Root() {
  const { t } = useTranslation();
  useInterfaceLanguage();
  useFocusOnNavigation();

  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {/* While a screen's chunk arrives on first load (navigations keep the old screen meanwhile). */}
      <Suspense
        fallback={
          <CenteredLayout>
            <PageSkeleton />
          </CenteredLayout>
        }
      >
        <Outlet />
      </Suspense>
      <Notifications />
      <ScrollRestoration />
    </>
  );
}
