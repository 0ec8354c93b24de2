// POST /openrtb/2.6/:exchange_key: the built-in bidder's endpoint for exchanges. Public (exchanges
// do not sign in); its own checks are the exchange key (404 for an unknown or inactive exchange) and
// the OpenRTB validation (400 with a reason and nbr). Answers a BidResponse, or 204 with no body when
// nothing fits. Every bid is recorded (BID events, group commit) before the answer carries it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../../platform/auth-guard.ts';
import { toErrorBody } from '../../platform/errors.ts';
import { runAuction } from './bid-engine.ts';
import { buildBidResponse } from './bid-response.ts';
import type { Bidder } from './bidder.ts';
import { NO_BID_REASONS, parseBidRequest } from './openrtb-request.ts';

/** Time kept back from tmax for the answer's trip to the exchange. */
const TMAX_MARGIN_MS = 10;

const answerNoBid = (reply: FastifyReply) => reply.code(204).send();

const originOf = (request: FastifyRequest, bidder: Bidder) =>
  bidder.trackingBaseUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;

export const bidRoutes = (bidder: Bidder) => async (app: FastifyInstance) => {
  // Errors of this scope (a body that is not JSON, ...) answer in OpenRTB's terms too.
  app.setErrorHandler((error, _request, reply) => {
    const body = toErrorBody(error as FastifyError);
    return reply
      .status(body.error_code)
      .send(body.error_code === 400 ? { ...body, nbr: NO_BID_REASONS.invalidRequest } : body);
  });

  app.post<{ Params: { exchange_key: string } }>(
    '/openrtb/2.6/:exchange_key',
    { config: { access: 'public' satisfies Access }, schema: { hide: true } },
    async (request, reply) => {
      const startedMs = performance.now();
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
      const count = (hasBid: boolean) =>
        bidder.requests.count({
          exchangeId,
          trafficType: auction.facts.trafficType,
          country: auction.facts.country ?? '',
          deviceType: auction.facts.deviceType,
          hasBid,
        });
      const releaseAll = () =>
        Promise.all(auction.bids.map((bid) => bidder.state.release(bid.reservationKey)));
      // An answer after tmax is thrown away by the exchange: give back what was reserved instead.
      const deadline = bidRequest.tmax ? bidRequest.tmax - TMAX_MARGIN_MS : Number.POSITIVE_INFINITY;
      if (auction.bids.length === 0 || performance.now() - startedMs > deadline) {
        await releaseAll();
        count(false);
        return answerNoBid(reply);
      }
      const { response, events } = buildBidResponse({
        request: bidRequest,
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
        count(false);
        return answerNoBid(reply);
      }
      count(true);
      return reply.code(200).type('application/json').send(response);
    },
  );
};
