import { BitWriter } from "./bit-writer.ts";
import type { YuvFrame } from "./yuv-frame.ts";

/**
 * A minimal H.264 (Constrained Baseline) encoder that codes macroblocks losslessly as I_PCM.
 * The first picture is an IDR with every macroblock coded; later pictures are P slices in which
 * unchanged macroblocks are skipped (P_Skip copies them from the previous picture because every
 * motion vector predicts to zero) and changed ones are coded as I_PCM again. Any conforming
 * decoder plays the result; there is no rate control and no motion search, which is all a
 * simulated video needs.
 */

const LOG2_MAX_FRAME_NUM = 16;
const I_PCM_IN_I_SLICE = 25;
const I_PCM_IN_P_SLICE = 30;
const NAL_SLICE = 1;
const NAL_IDR_SLICE = 5;
const NAL_SPS = 7;
const NAL_PPS = 8;

interface EncodedPicture {
  readonly data: Uint8Array;
  readonly keyFrame: boolean;
}

interface H264Parameters {
  readonly sps: Uint8Array;
  readonly pps: Uint8Array;
  readonly codec: string;
  /** AVCDecoderConfigurationRecord, the `avcC` box payload. */
  readonly avcC: Uint8Array;
}

export function h264Parameters(width: number, height: number): H264Parameters {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const levelIdc = mbWidth * mbHeight <= 3600 ? 31 : 40;
  const sps = new BitWriter();
  sps.bits(66, 8); // profile_idc: Baseline
  sps.bits(0b11000000, 8); // constraint_set0 and set1: Constrained Baseline
  sps.bits(levelIdc, 8);
  sps.ue(0); // seq_parameter_set_id
  sps.ue(LOG2_MAX_FRAME_NUM - 4);
  sps.ue(2); // pic_order_cnt_type 2: output order is decode order
  sps.ue(1); // max_num_ref_frames
  sps.bit(0); // gaps_in_frame_num_value_allowed_flag
  sps.ue(mbWidth - 1);
  sps.ue(mbHeight - 1);
  sps.bit(1); // frame_mbs_only_flag
  sps.bit(1); // direct_8x8_inference_flag
  const cropRight = (mbWidth * 16 - width) / 2;
  const cropBottom = (mbHeight * 16 - height) / 2;
  const cropping = cropRight > 0 || cropBottom > 0;
  sps.bit(cropping ? 1 : 0);
  if (cropping) {
    sps.ue(0);
    sps.ue(cropRight);
    sps.ue(0);
    sps.ue(cropBottom);
  }
  sps.bit(0); // vui_parameters_present_flag
  sps.trailingBits();

  const pps = new BitWriter();
  pps.ue(0); // pic_parameter_set_id
  pps.ue(0); // seq_parameter_set_id
  pps.bit(0); // entropy_coding_mode_flag: CAVLC
  pps.bit(0); // bottom_field_pic_order_in_frame_present_flag
  pps.ue(0); // num_slice_groups_minus1
  pps.ue(0); // num_ref_idx_l0_default_active_minus1
  pps.ue(0); // num_ref_idx_l1_default_active_minus1
  pps.bit(0); // weighted_pred_flag
  pps.bits(0, 2); // weighted_bipred_idc
  pps.se(0); // pic_init_qp_minus26
  pps.se(0); // pic_init_qs_minus26
  pps.se(0); // chroma_qp_index_offset
  pps.bit(1); // deblocking_filter_control_present_flag
  pps.bit(0); // constrained_intra_pred_flag
  pps.bit(0); // redundant_pic_cnt_present_flag
  pps.trailingBits();

  const spsNal = nalUnit(3, NAL_SPS, sps.toBytes());
  const ppsNal = nalUnit(3, NAL_PPS, pps.toBytes());
  const avcC = new Uint8Array(11 + spsNal.length + ppsNal.length);
  // profile_idc, the constraint flags and level_idc, as the SPS states them.
  const profileAndLevel = spsNal.subarray(1, 4);
  avcC.set([1, ...profileAndLevel, 0xff, 0xe1, spsNal.length >> 8, spsNal.length & 0xff]);
  avcC.set(spsNal, 8);
  const ppsAt = 8 + spsNal.length;
  avcC.set([1, ppsNal.length >> 8, ppsNal.length & 0xff], ppsAt);
  avcC.set(ppsNal, ppsAt + 3);
  const hex = (byte: number) => byte.toString(16).padStart(2, "0").toUpperCase();
  return {
    sps: spsNal,
    pps: ppsNal,
    codec: `avc1.${Array.from(profileAndLevel, hex).join("")}`,
    avcC,
  };
}

export class H264PcmEncoder {
  private previous: YuvFrame | null = null;
  private frameNum = 0;

  /** Encodes one picture as a length-prefixed (AVCC) sample. */
  encode(frame: YuvFrame): EncodedPicture {
    const previous = this.previous;
    const keyFrame = previous === null;
    const slice = keyFrame ? this.idrSlice(frame) : this.pSlice(frame, previous);
    this.previous = frame;
    this.frameNum = (this.frameNum + 1) % (1 << LOG2_MAX_FRAME_NUM);
    const nal = nalUnit(keyFrame ? 3 : 2, keyFrame ? NAL_IDR_SLICE : NAL_SLICE, slice);
    const sample = new Uint8Array(4 + nal.length);
    new DataView(sample.buffer).setUint32(0, nal.length);
    sample.set(nal, 4);
    return { data: sample, keyFrame };
  }

  private idrSlice(frame: YuvFrame): Uint8Array {
    const w = new BitWriter();
    w.ue(0); // first_mb_in_slice
    w.ue(7); // slice_type: I (all slices of the picture)
    w.ue(0); // pic_parameter_set_id
    w.bits(0, LOG2_MAX_FRAME_NUM); // frame_num
    w.ue(0); // idr_pic_id
    w.bit(0); // no_output_of_prior_pics_flag
    w.bit(0); // long_term_reference_flag
    w.se(0); // slice_qp_delta
    w.ue(1); // disable_deblocking_filter_idc: PCM samples are final
    for (let mb = 0; mb < frame.mbWidth * frame.mbHeight; mb++) {
      w.ue(I_PCM_IN_I_SLICE);
      writePcmSamples(w, frame, mb);
    }
    w.trailingBits();
    return w.toBytes();
  }

  private pSlice(frame: YuvFrame, previous: YuvFrame): Uint8Array {
    const w = new BitWriter();
    w.ue(0); // first_mb_in_slice
    w.ue(5); // slice_type: P (all slices of the picture)
    w.ue(0); // pic_parameter_set_id
    w.bits(this.frameNum, LOG2_MAX_FRAME_NUM);
    w.bit(0); // num_ref_idx_active_override_flag
    w.bit(0); // ref_pic_list_modification_flag_l0
    w.bit(0); // adaptive_ref_pic_marking_mode_flag
    w.se(0); // slice_qp_delta
    w.ue(1); // disable_deblocking_filter_idc
    let skipRun = 0;
    for (let mb = 0; mb < frame.mbWidth * frame.mbHeight; mb++) {
      if (!macroblockChanged(frame, previous, mb)) {
        skipRun++;
        continue;
      }
      w.ue(skipRun);
      skipRun = 0;
      w.ue(I_PCM_IN_P_SLICE);
      writePcmSamples(w, frame, mb);
    }
    if (skipRun > 0) w.ue(skipRun);
    w.trailingBits();
    return w.toBytes();
  }
}

function writePcmSamples(w: BitWriter, frame: YuvFrame, mb: number): void {
  w.alignWithZeros(); // pcm_alignment_zero_bit
  const samples = new Uint8Array(384);
  forEachMacroblockRow(frame, mb, (plane, start, length, offset) => {
    samples.set(plane.subarray(start, start + length), offset);
  });
  w.raw(samples);
}

function macroblockChanged(frame: YuvFrame, previous: YuvFrame, mb: number): boolean {
  let changed = false;
  forEachMacroblockRow(frame, mb, (plane, start, length) => {
    if (changed) return;
    const before = plane === frame.y ? previous.y : plane === frame.u ? previous.u : previous.v;
    for (let i = start; i < start + length; i++) {
      if (plane[i] !== before[i]) {
        changed = true;
        return;
      }
    }
  });
  return changed;
}

/** Visits the 16 luma rows, then 8 Cb rows, then 8 Cr rows of one macroblock in PCM order. */
function forEachMacroblockRow(
  frame: YuvFrame,
  mb: number,
  visit: (plane: Uint8Array, start: number, length: number, offset: number) => void,
): void {
  const mbX = mb % frame.mbWidth;
  const mbY = Math.floor(mb / frame.mbWidth);
  const lumaStride = frame.mbWidth * 16;
  for (let row = 0; row < 16; row++) {
    visit(frame.y, (mbY * 16 + row) * lumaStride + mbX * 16, 16, row * 16);
  }
  const chromaStride = lumaStride / 2;
  for (const [index, plane] of [frame.u, frame.v].entries()) {
    for (let row = 0; row < 8; row++) {
      visit(plane, (mbY * 8 + row) * chromaStride + mbX * 8, 8, 256 + index * 64 + row * 8);
    }
  }
}

/** Wraps an RBSP in a NAL unit, inserting emulation-prevention bytes. */
function nalUnit(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + rbsp.length + Math.ceil(rbsp.length / 2));
  out[0] = (refIdc << 5) | type;
  let length = 1;
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out[length++] = 3;
      zeros = 0;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, length);
}
