// POST /openrtb/2.6/:exchange_key: the built-in bidder's endpoint for exchanges. Public (exchanges
// do not sign in); its own checks are the exchange key (404 for an unknown or inactive exchange) and
// the OpenRTB validation (400 with a reason and nbr). Answers a BidResponse, or 204 with no body when
// nothing fits. Every bid is recorded (BID events, group commit) before the answer carries it.
// Bodies may come gzipped (Content-Encoding, OpenRTB 2.6 section 2.4) and answers are gzipped for
// an exchange that accepts it (@fastify/compress); a JSON null is read as an absent field. tmax
// counts from the request's arrival (bid-admission.ts): a request that cannot be answered in time
// is answered 204 at once, and bids whose answer would come late are not sent, their holds given back.
// A request without tmax is given DEFAULT_TMAX_MS. Over HTTP the door in front of Fastify
// (installBidDoor, bid-admission.ts) sheds before the body is read or the route is found.
import compress from '@fastify/compress';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import type { Access } from '../../platform/auth-guard.ts';
import { toErrorBody } from '../../platform/errors.ts';
import { arrivalOf, type BidArrival } from './bid-admission.ts';
import { runAuction } from './bid-engine.ts';
import { buildBidResponse } from './bid-response.ts';
import type { Bidder } from './bidder.ts';
import { NO_BID_REASONS, parseBidRequest } from './openrtb-request.ts';

/** Where bid requests come in (POST /openrtb/2.6/:exchange_key). */
export const BID_PATH_PREFIX = '/openrtb/';
/** Time kept back from tmax for the answer's trip to the exchange. */
const TMAX_MARGIN_MS = 10;
/**
 * The tmax of a request that states none (or 0): the exchange still stops waiting at its own
 * timeout, which it did not tell; no exchange waits longer than this for a bid.
 */
const DEFAULT_TMAX_MS = 300;
/** Less time than this left before the deadline: no auction is started. */
const MIN_AUCTION_MS = 2;

const answerNoBid = (reply: FastifyReply) => reply.code(204).send();

const originOf = (request: FastifyRequest, bidder: Bidder) =>
  bidder.trackingBaseUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;

/** JSON with every null dropped: OpenRTB's optional fields sent as null read as absent. */
const withoutNulls = (_key: string, value: unknown) => (value === null ? undefined : value);

/** Errors of the body's encoding, in words an exchange's engineer can act on. */
const ENCODING_ERRORS: Record<string, { status: number; message: string }> = {
  FST_CP_ERR_INVALID_CONTENT: {
    status: 400,
    message: 'The request body is not valid for its Content-Encoding.',
  },
  FST_CP_ERR_INVALID_CONTENT_ENCODING: {
    status: 415,
    message: 'This Content-Encoding is not supported (gzip, deflate or br).',
  },
};

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * When the bid request arrived (the bidder's monotonic clock), and whether it holds a place
     * these hooks give back (not when the server's door holds it).
     */
    bidArrival?: BidArrival;
  }
}

export const bidRoutes = (bidder: Bidder) => async (app: FastifyInstance) => {
  // Errors of this scope (a body that is not JSON, ...) answer in OpenRTB's terms too.
  app.setErrorHandler((error, _request, reply) => {
    const encoding = ENCODING_ERRORS[(error as FastifyError).code ?? ''];
    const body = encoding
      ? { success: false, message: encoding.message, error_code: encoding.status }
      : toErrorBody(error as FastifyError);
    return reply
      .status(body.error_code)
      .send(body.error_code === 400 ? { ...body, nbr: NO_BID_REASONS.invalidRequest } : body);
  });
  await app.register(compress, { global: true, encodings: ['gzip'] });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, sjson.parse(body as string, withoutNulls, { protoAction: 'remove' }));
    } catch {
      const error = new Error('The request body is not valid JSON.') as FastifyError;
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  // The door: a request the bidder has no room or time for is answered no bid before it is read.
  // Over HTTP the server's door (installBidDoor) has seen it already and keeps its place; a request
  // that did not come through the server (inject) meets the admission here.
  app.addHook('onRequest', async (request, reply) => {
    const atDoor = arrivalOf(request.raw);
    if (atDoor) {
      request.bidArrival = { arrivedMs: atDoor.arrivedMs, admitted: false };
      return;
    }
    const { admitted, arrivedMs } = bidder.admission.enter();
    request.bidArrival = { arrivedMs, admitted };
    if (!admitted) return answerNoBid(reply);
  });
  const leave = async (request: FastifyRequest) => {
    if (!request.bidArrival?.admitted) return;
    request.bidArrival.admitted = false;
    bidder.admission.leave();
  };
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', leave);

  app.post<{ Params: { exchange_key: string } }>(
    `${BID_PATH_PREFIX}2.6/:exchange_key`,
    { config: { access: 'public' satisfies Access }, schema: { hide: true } },
    async (request, reply) => {
      const arrivedMs = request.bidArrival?.arrivedMs ?? bidder.monotonicNow();
      const nowMs = bidder.now();
      reply.header('x-openrtb-version', '2.6');
      const snapshot = bidder.index.current();
      const exchangeKey = request.params.exchange_key.toLowerCase();
      const exchangeId = snapshot.exchangeIdByKey.get(exchangeKey);
      if (exchangeId === undefined) {
        return reply.code(404).send({
          success: false,
          message: `Unknown exchange: ${request.params.exchange_key}.`,
          error_code: 404,
        });
      }
      const parsed = parseBidRequest(request.body);
      if (!parsed.ok) {
        return reply.code(400).send({
          success: false,
          message: parsed.reason,
          error_code: 400,
          nbr: parsed.nbr,
          ...(parsed.id ? { id: parsed.id } : {}),
        });
      }
      const bidRequest = parsed.request;
      // An answer after tmax is thrown away by the exchange: past the deadline, no bid is sent.
      const deadlineMs = arrivedMs + (bidRequest.tmax || DEFAULT_TMAX_MS) - TMAX_MARGIN_MS;
      const isLate = () => bidder.monotonicNow() > deadlineMs;
      const count = (
        hasBid: boolean,
        facts: { trafficType: string; country: string | null; deviceType: string },
      ) =>
        bidder.requests.count({
          exchangeId,
          trafficType: facts.trafficType,
          country: facts.country ?? '',
          deviceType: facts.deviceType,
          hasBid,
        });
      if (deadlineMs - bidder.monotonicNow() < MIN_AUCTION_MS) return answerNoBid(reply);
      const baseUrl = originOf(request, bidder);
      let auction: Awaited<ReturnType<typeof runAuction>>;
      try {
        auction = await runAuction(
          bidRequest,
          exchangeId,
          { snapshot, state: bidder.state, membership: snapshot.membership, seat: bidder.seat, nowMs },
          { trackingIsSecure: baseUrl.startsWith('https://') },
        );
      } catch (error) {
        // The shared state (Redis) is out of reach: no bid is safer than a bid no budget holds.
        request.log.error({ err: error }, 'auction failed');
        return answerNoBid(reply);
      }
      bidder.sampler.offer(bidRequest, auction.facts, exchangeId, nowMs);
      // The holds of bids that are not sent are given back.
      const releaseAll = () =>
        Promise.all(auction.bids.map((bid) => bidder.state.release(bid.reservationKey)));
      if (auction.bids.length === 0 || isLate()) {
        await releaseAll();
        count(false, auction.facts);
        return answerNoBid(reply);
      }
      const { response, events } = buildBidResponse({
        request: bidRequest,
        seat: bidder.seat,
        exchangeId,
        exchangeKey,
        facts: auction.facts,
        bids: auction.bids,
        signer: bidder.signer,
        baseUrl,
        nowMs,
      });
      try {
        await bidder.recorder.record(events);
      } catch (error) {
        request.log.error({ err: error }, 'bid events could not be recorded');
        await releaseAll();
        count(false, auction.facts);
        return answerNoBid(reply);
      }
      // Recording waited for its group's write: an answer that would now be late is not sent either
      // (its BID events stay recorded; no notice can come for them, so they never bill).
      if (isLate()) {
        await releaseAll();
        count(false, auction.facts);
        return answerNoBid(reply);
      }
      count(true, auction.facts);
      return reply.code(200).type('application/json').send(response);
    },
  );
};
