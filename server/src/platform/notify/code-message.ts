import type { Language } from '../../../../contract/languages.ts';

const BRAND = 'Kestrel Markets';

/** The one-time-code message in each interface language ({code}, {minutes}). */
const TEMPLATES: Record<Language, { subject: string; text: string }> = {
  en: {
    subject: `${BRAND} verification code`,
    text: `Your ${BRAND} verification code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message. We will never ask you for this code.`,
  },
  ja: {
    subject: `${BRAND} 認証コード`,
    text: `${BRAND} の認証コードは {code} です。有効期限は {minutes} 分です。心当たりがない場合はこのメッセージを無視してください。当社がこのコードをお尋ねすることはありません。`,
  },
  ko: {
    subject: `${BRAND} 인증 코드`,
    text: `${BRAND} 인증 코드는 {code}입니다. {minutes}분 후에 만료됩니다. 요청하지 않으셨다면 이 메시지를 무시하세요. 당사는 절대 이 코드를 묻지 않습니다.`,
  },
  de: {
    subject: `${BRAND} Bestätigungscode`,
    text: `Ihr ${BRAND} Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht. Wir fragen Sie niemals nach diesem Code.`,
  },
  fr: {
    subject: `Code de vérification ${BRAND}`,
    text: `Votre code de vérification ${BRAND} est {code}. Il expire dans {minutes} minutes. Si vous ne l'avez pas demandé, ignorez ce message. Nous ne vous demanderons jamais ce code.`,
  },
  it: {
    subject: `Codice di verifica ${BRAND}`,
    text: `Il tuo codice di verifica ${BRAND} è {code}. Scade tra {minutes} minuti. Se non l'hai richiesto, ignora questo messaggio. Non ti chiederemo mai questo codice.`,
  },
  es: {
    subject: `Código de verificación de ${BRAND}`,
    text: `Tu código de verificación de ${BRAND} es {code}. Caduca en {minutes} minutos. Si no lo has solicitado, ignora este mensaje. Nunca te pediremos este código.`,
  },
  ar: {
    subject: `رمز التحقق من ${BRAND}`,
    text: `رمز التحقق الخاص بك في ${BRAND} هو {code}. تنتهي صلاحيته خلال {minutes} دقائق. إذا لم تطلبه فتجاهل هذه الرسالة. لن نطلب منك هذا الرمز أبدًا.`,
  },
  hk: {
    subject: `${BRAND} 驗證碼`,
    text: `您的 ${BRAND} 驗證碼為 {code}，將於 {minutes} 分鐘後失效。如非本人操作，請忽略此訊息。我們絕不會向您索取此驗證碼。`,
  },
  zh: {
    subject: `${BRAND} 验证码`,
    text: `您的 ${BRAND} 验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略此消息。我们绝不会向您索取此验证码。`,
  },
};

export function codeMessage(lang: Language, code: string, minutes: number) {
  const t = TEMPLATES[lang];
  return {
    subject: t.subject,
    text: t.text.replace('{code}', code).replace('{minutes}', String(minutes)),
  };
}
