// The monthly statement PDF's words in each console language (the console says the same from its
// own locale files: funds.json kinds.*, history.*, statement.*), with the reader's numbers and
// dates: money as the console writes it (formatMicros with the language's tag: German "$1.234,50"),
// days as Intl writes them ("28.11.2026").
import type { TransferKind } from '@console/core/api/funds';
import { LANGUAGE_TAGS, type Language } from '@console/core/constants';
import type { Role } from '@console/core/roles';

export type StatementWords = {
  title: string;
  /** "account 12 (advertiser)" */
  account: (id: number, role: string) => string;
  roles: Partial<Record<Role, string>>;
  /** "Revised on {date}: {amount} of late delivery (booked after the month closed)." */
  revised: (date: string, amount: string) => string;
  opening: string;
  moneyIn: string;
  moneyOut: string;
  closing: string;
  marginIncome: string;
  spendAdvertiserCost: string;
  spendMediaCost: string;
  columns: { date: string; movement: string; reference: string; amount: string; balance: string };
  none: string;
  kinds: Record<TransferKind, string>;
  reversalOf: (id: number) => string;
  /** "28.11.2026 (booked 01.12.2026)" */
  booked: (occurred: string, booked: string) => string;
};

export const STATEMENT_WORDS: Record<Language, StatementWords> = {
  en: {
    title: 'Account statement',
    account: (id, role) => `account ${id} (${role})`,
    roles: { ADMIN: 'admin', 'CO-ADMIN': 'co-admin', AGENCY: 'agency', ADVERTISER: 'advertiser' },
    revised: (date, amount) =>
      `Revised on ${date}: ${amount} of late delivery (booked after the month closed).`,
    opening: 'Opening balance',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    closing: 'Closing balance',
    marginIncome: "Margin income (your part of the margin on your advertisers' spend)",
    spendAdvertiserCost: 'Spend (advertiser cost)',
    spendMediaCost: 'Spend (media cost)',
    columns: {
      date: 'Date',
      movement: 'Movement',
      reference: 'Reference / note',
      amount: 'Amount',
      balance: 'Balance',
    },
    none: 'No movements this month.',
    kinds: {
      CREDIT: 'Credit',
      DEBIT: 'Debit',
      CARD_TOP_UP: 'Card top-up',
      ALLOCATION: 'Allocation',
      PULL_BACK: 'Pull-back',
      SPEND: 'Spend',
      REVERSAL: 'Reversal',
    },
    reversalOf: (id) => `Reversal of #${id}`,
    booked: (occurred, booked) => `${occurred} (booked ${booked})`,
  },
  gr: {
    title: 'Kontoauszug',
    account: (id, role) => `Konto ${id} (${role})`,
    roles: { ADMIN: 'Admin', 'CO-ADMIN': 'Co-Admin', AGENCY: 'Agentur', ADVERTISER: 'Werbetreibender' },
    revised: (date, amount) =>
      `Überarbeitet am ${date}: ${amount} aus verspäteter Auslieferung (nach Monatsabschluss gebucht).`,
    opening: 'Anfangssaldo',
    moneyIn: 'Eingänge',
    moneyOut: 'Ausgänge',
    closing: 'Endsaldo',
    marginIncome: 'Margenertrag (Ihr Anteil an der Marge auf die Ausgaben Ihrer Werbetreibenden)',
    spendAdvertiserCost: 'Ausgaben (Kosten des Werbetreibenden)',
    spendMediaCost: 'Ausgaben (Medienkosten)',
    columns: {
      date: 'Datum',
      movement: 'Buchung',
      reference: 'Referenz / Notiz',
      amount: 'Betrag',
      balance: 'Saldo',
    },
    none: 'Keine Buchungen in diesem Monat.',
    kinds: {
      CREDIT: 'Gutschrift',
      DEBIT: 'Belastung',
      CARD_TOP_UP: 'Aufladung per Karte',
      ALLOCATION: 'Zuteilung',
      PULL_BACK: 'Rückholung',
      SPEND: 'Ausgaben',
      REVERSAL: 'Storno',
    },
    reversalOf: (id) => `Storno von #${id}`,
    booked: (occurred, booked) => `${occurred} (gebucht ${booked})`,
  },
  rs: {
    title: 'Выписка по счёту',
    account: (id, role) => `счёт ${id} (${role})`,
    roles: {
      ADMIN: 'администратор',
      'CO-ADMIN': 'соадминистратор',
      AGENCY: 'агентство',
      ADVERTISER: 'рекламодатель',
    },
    revised: (date, amount) =>
      `Пересмотрено ${date}: ${amount} за поздние показы (учтено после закрытия месяца).`,
    opening: 'Входящий остаток',
    moneyIn: 'Поступления',
    moneyOut: 'Списания',
    closing: 'Исходящий остаток',
    marginIncome: 'Доход от наценки (ваша доля наценки на расходы ваших рекламодателей)',
    spendAdvertiserCost: 'Расход (стоимость для рекламодателя)',
    spendMediaCost: 'Расход (стоимость медиа)',
    columns: {
      date: 'Дата',
      movement: 'Операция',
      reference: 'Ссылка / примечание',
      amount: 'Сумма',
      balance: 'Баланс',
    },
    none: 'В этом месяце операций нет.',
    kinds: {
      CREDIT: 'Зачисление',
      DEBIT: 'Списание',
      CARD_TOP_UP: 'Пополнение картой',
      ALLOCATION: 'Распределение',
      PULL_BACK: 'Возврат средств',
      SPEND: 'Расход',
      REVERSAL: 'Сторно',
    },
    reversalOf: (id) => `Сторно #${id}`,
    booked: (occurred, booked) => `${occurred} (учтено ${booked})`,
  },
  sp: {
    title: 'Extracto de cuenta',
    account: (id, role) => `cuenta ${id} (${role})`,
    roles: {
      ADMIN: 'administrador',
      'CO-ADMIN': 'coadministrador',
      AGENCY: 'agencia',
      ADVERTISER: 'anunciante',
    },
    revised: (date, amount) =>
      `Revisado el ${date}: ${amount} de entrega tardía (registrado tras el cierre del mes).`,
    opening: 'Saldo inicial',
    moneyIn: 'Entradas',
    moneyOut: 'Salidas',
    closing: 'Saldo final',
    marginIncome: 'Ingreso por margen (su parte del margen sobre el gasto de sus anunciantes)',
    spendAdvertiserCost: 'Gasto (coste del anunciante)',
    spendMediaCost: 'Gasto (coste de medios)',
    columns: {
      date: 'Fecha',
      movement: 'Movimiento',
      reference: 'Referencia / nota',
      amount: 'Importe',
      balance: 'Saldo',
    },
    none: 'Sin movimientos este mes.',
    kinds: {
      CREDIT: 'Abono',
      DEBIT: 'Cargo',
      CARD_TOP_UP: 'Recarga con tarjeta',
      ALLOCATION: 'Asignación',
      PULL_BACK: 'Retirada',
      SPEND: 'Gasto',
      REVERSAL: 'Anulación',
    },
    reversalOf: (id) => `Anulación de #${id}`,
    booked: (occurred, booked) => `${occurred} (registrado ${booked})`,
  },
  it: {
    title: 'Estratto conto',
    account: (id, role) => `conto ${id} (${role})`,
    roles: {
      ADMIN: 'amministratore',
      'CO-ADMIN': 'co-amministratore',
      AGENCY: 'agenzia',
      ADVERTISER: 'inserzionista',
    },
    revised: (date, amount) =>
      `Rivisto il ${date}: ${amount} di erogazione tardiva (registrato dopo la chiusura del mese).`,
    opening: 'Saldo iniziale',
    moneyIn: 'Entrate',
    moneyOut: 'Uscite',
    closing: 'Saldo finale',
    marginIncome: 'Ricavo da margine (la tua parte del margine sulla spesa dei tuoi inserzionisti)',
    spendAdvertiserCost: "Spesa (costo per l'inserzionista)",
    spendMediaCost: 'Spesa (costo media)',
    columns: {
      date: 'Data',
      movement: 'Movimento',
      reference: 'Riferimento / nota',
      amount: 'Importo',
      balance: 'Saldo',
    },
    none: 'Nessun movimento questo mese.',
    kinds: {
      CREDIT: 'Accredito',
      DEBIT: 'Addebito',
      CARD_TOP_UP: 'Ricarica con carta',
      ALLOCATION: 'Assegnazione',
      PULL_BACK: 'Ritiro',
      SPEND: 'Spesa',
      REVERSAL: 'Storno',
    },
    reversalOf: (id) => `Storno di #${id}`,
    booked: (occurred, booked) => `${occurred} (registrato ${booked})`,
  },
};

/** A day (YYYY-MM-DD) as the language writes it: 'gr' -> '28.11.2026'. */
export const statementDay = (day: string, language: Language): string => {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
};

/** A month (YYYY-MM) as the language names it: 'gr' -> 'November 2026'. */
export const statementMonth = (month: string, language: Language): string => {
  const date = new Date(`${month}-15T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
};
